/**
 * Screenshots and PDFs made by the browser engine. They are stored in R2 and referenced from the document as
 * `artifact:<r2 key>` (scrape/present.ts signs them per response, so cached documents stay valid). A data URL
 * is used instead only when nothing may be stored (`zeroDataRetention`), storage fails, or no SIGNING_SECRET is
 * configured (an unsigned artifact could not be served).
 */
import type { Page } from "@cloudflare/puppeteer";
import { canSignArtifacts, storeArtifact } from "../artifacts";
import { describeError } from "../errors";
import { ARTIFACT_PREFIX } from "../scrape/present";
import { pdfToBase64 } from "./pdf";

export interface ScreenshotRequest {
  fullPage: boolean;
  /** JPEG quality; PNG when absent. */
  quality?: number;
}

export interface ArtifactSink {
  env: Env;
  zeroDataRetention: boolean;
  warnings: string[];
}

export async function takeScreenshot(
  page: Page,
  request: ScreenshotRequest,
): Promise<{ bytes: Uint8Array; type: "png" | "jpeg" }> {
  const type = request.quality !== undefined ? "jpeg" : "png";
  const bytes = await page.screenshot({
    type,
    fullPage: request.fullPage,
    ...(type === "jpeg" ? { quality: request.quality } : {}),
    // Below-the-fold content of a full-page capture must be painted, not just laid out.
    captureBeyondViewport: request.fullPage,
  });
  return { bytes: new Uint8Array(bytes), type };
}

/** Stores `bytes` and returns how the document refers to them. */
export async function saveArtifact(
  sink: ArtifactSink,
  bytes: Uint8Array,
  type: "png" | "jpeg" | "pdf",
): Promise<string> {
  const label = type === "pdf" ? "PDF" : "screenshot";
  if (!sink.zeroDataRetention && sink.env.BUCKET && !canSignArtifacts(sink.env)) {
    sink.warnings.push(
      `No SIGNING_SECRET is configured, so the ${label} cannot be served by URL; it is returned inline.`,
    );
  } else if (!sink.zeroDataRetention && sink.env.BUCKET) {
    try {
      return ARTIFACT_PREFIX + (await storeArtifact(sink.env, bytes, type));
    } catch (e) {
      sink.warnings.push(`The ${label} could not be stored (${describeError(e)}); it is returned inline.`);
    }
  }
  const mime = type === "pdf" ? "application/pdf" : `image/${type}`;
  // pdfToBase64 is plain bytes-to-base64, whatever the bytes are.
  return `data:${mime};base64,${pdfToBase64(bytes)}`;
}
