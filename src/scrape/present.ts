/**
 * The last step before a document leaves the API: stored artifacts (screenshots, PDFs made by actions) are
 * referenced inside stored documents as `artifact:<r2 key>` and become signed URLs here, so a cached or
 * re-read document always carries links that are valid for the next 24 hours.
 */
import type { ScrapeDocument } from "../schemas/document";
import { signArtifactUrl } from "../artifacts";

export const ARTIFACT_PREFIX = "artifact:";

export async function presentDocument(env: Env, document: ScrapeDocument, origin: string): Promise<ScrapeDocument> {
  const sign = (value: string) =>
    value.startsWith(ARTIFACT_PREFIX)
      ? signArtifactUrl(env, value.slice(ARTIFACT_PREFIX.length), origin)
      : Promise.resolve(value);
  const out: ScrapeDocument = { ...document };
  if (out.screenshot) out.screenshot = await sign(out.screenshot);
  if (out.actions) {
    out.actions = {
      ...out.actions,
      screenshots: await Promise.all(out.actions.screenshots.map(sign)),
      pdfs: await Promise.all(out.actions.pdfs.map(sign)),
    };
  }
  return out;
}
