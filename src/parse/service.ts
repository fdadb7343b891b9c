/**
 * POST /v2/parse: an uploaded file through the scrape pipeline's document→formats stage (src/scrape/build.ts),
 * so it gets the same formats as a scrape (markdown, html, rawHtml, links, images, attributes, json and summary
 * through the LLM), billed like a scrape of the same content (1, +1 per PDF page beyond the first, +4 for json).
 * The result is stored like a scrape's (readable at GET /v2/scrape/{id}) unless zeroDataRetention.
 */
import { ensureCredits } from "../credits/charge";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { buildDocument } from "../scrape/build";
import { storeDocument } from "../scrape/cache";
import type { ScrapeDocument } from "../schemas/document";
import { checkScrapeRequest } from "../scrape/pipeline";
import { ScrapeOptionsSchema } from "../schemas/scrape";
import type { ParseOptions } from "../schemas/parse";
import { fileAsPage } from "./convert";

/** The largest file parse takes (the API's body limit is the same, so larger uploads never reach the route). */
export const MAX_PARSE_BYTES = 10 * 1024 * 1024;

export interface ParseContext {
  env: Env;
  teamId: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

export async function parseFile(
  ctx: ParseContext,
  file: File,
  options: ParseOptions,
): Promise<{ document: ScrapeDocument; credits: number }> {
  if (file.size > MAX_PARSE_BYTES) {
    throw new ApiError(
      "PAYLOAD_TOO_LARGE",
      `"${file.name}" is ${file.size} bytes; parse takes files up to ${MAX_PARSE_BYTES / 1024 / 1024} MB`,
    );
  }
  if (file.size === 0)
    throw new ApiError("BAD_REQUEST", "file: the uploaded file is empty", [
      { path: ["file"], message: "empty", code: "custom" },
    ]);
  const formats = checkScrapeRequest(ctx.env, options);
  await ensureCredits(ctx.env, ctx.teamId);
  const page = await fileAsPage(file.name, file.type, new Uint8Array(await file.arrayBuffer()));
  const { origin: _origin, integration: _integration, ...scrapeOptions } = options;
  const built = await buildDocument(ctx.env, page, {
    options: ScrapeOptionsSchema.parse(scrapeOptions),
    formats,
    sourceURL: file.name,
    scrapeId: newId(),
    signal: AbortSignal.timeout(options.timeout),
  });
  if (!options.zeroDataRetention) {
    const stored = storeDocument(ctx.env, built.document, ctx.teamId);
    if (ctx.waitUntil) ctx.waitUntil(stored);
    else await stored;
  }
  return { document: built.document, credits: built.credits };
}
