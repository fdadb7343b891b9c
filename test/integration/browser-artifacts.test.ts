/**
 * What the browser engine makes and stores (POST /v2/scrape against the real local Chromium): screenshots and PDFs
 * as R2 artifacts behind signed URLs the API serves, their references in the stored document, and data URLs when
 * nothing may be stored.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signArtifactUrl } from "../../src/artifacts";
import { loadDocument } from "../../src/scrape/cache";
import { ScrapeOptionsSchema } from "../../src/schemas/scrape";
import { API, call, callJson, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);

/** Downloads an artifact URL from the API itself, with no API key (signed URLs are meant to be handed on). */
async function download(url: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  expect(url.startsWith(`${API}/v2/artifacts/shots/`)).toBe(true);
  const response = await call("GET", url.slice(API.length), undefined, { key: null });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("screenshots", () => {
  it("stores a viewport screenshot in R2 and returns a signed URL the API serves", async () => {
    const { status, body } = await scrape({
      url: unique("/article.html"),
      formats: ["markdown", { type: "screenshot", viewport: { width: 800, height: 600 } }],
    });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe("browser");
    expect(body.data.markdown).toContain("# How Lighthouses Work");
    const shot = await download(body.data.screenshot);
    expect(shot.status).toBe(200);
    expect(shot.type).toBe("image/png");
    expect(pngSize(shot.bytes)).toEqual({ width: 800, height: 600 });
  });

  it("takes full-page and JPEG screenshots, also as actions", async () => {
    const { body } = await scrape({
      url: unique("/browser/scroll.html"),
      formats: [{ type: "screenshot", fullPage: true, viewport: { width: 640, height: 480 } }],
      actions: [
        { type: "screenshot", quality: 60 },
        { type: "screenshot", viewport: { width: 320, height: 240 } },
      ],
    });
    const full = pngSize((await download(body.data.screenshot)).bytes);
    expect(full.width).toBe(640);
    expect(full.height).toBeGreaterThan(2000);
    const [jpeg, small] = await Promise.all(body.data.actions.screenshots.map(download));
    expect(jpeg.type).toBe("image/jpeg");
    expect([...jpeg.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(pngSize(small.bytes)).toEqual({ width: 320, height: 240 });
  });

  it("refuses expired and forged artifact URLs", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"] });
    const url = new URL(body.data.screenshot);
    const key = url.pathname.replace("/v2/artifacts/", "");
    const expired = await signArtifactUrl(env, key, API, Date.now() - 25 * 3600 * 1000);
    expect((await call("GET", expired.slice(API.length), undefined, { key: null })).status).toBe(403);
    url.searchParams.set("sig", "0".repeat(64));
    expect((await call("GET", url.pathname + url.search, undefined, { key: null })).status).toBe(403);
    const later = new URL(body.data.screenshot);
    later.searchParams.set("expires", String(Date.now() + 48 * 3600 * 1000));
    expect((await call("GET", later.pathname + later.search, undefined, { key: null })).status).toBe(403);
  });

  it("keeps artifact references, not signed URLs, in the stored document", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"] });
    const document = await loadDocument(env, body.data.metadata.scrapeId, "default");
    expect(document?.screenshot).toMatch(/^artifact:shots\/[0-9a-f-]{36}\.png$/);
    const again = await callJson("GET", `/v2/scrape/${body.data.metadata.scrapeId}`);
    expect((await download(again.body.data.screenshot)).status).toBe(200);
  });

  it("returns a data URL when nothing may be stored (zeroDataRetention)", async () => {
    const { body } = await scrape({ url: unique("/article.html"), formats: ["screenshot"], zeroDataRetention: true });
    expect(body.data.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it("returns a data URL, with a warning, when no SIGNING_SECRET is configured", async () => {
    const { scrape: runScrape } = await import("../../src/scrape/pipeline");
    const unsigned = { ...env, SIGNING_SECRET: "" } as Env;
    const { document } = await runScrape(
      { env: unsigned, teamId: "default" },
      { ...ScrapeOptionsSchema.parse({}), url: unique("/article.html"), formats: ["screenshot"] },
    );
    expect(document.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(document.warning).toMatch(/No SIGNING_SECRET is configured/);
  });

  it("makes PDFs of the page", async () => {
    const { status, body } = await scrape({
      url: unique("/article.html"),
      actions: [{ type: "pdf" }, { type: "pdf", format: "A4", landscape: true, scale: 0.5 }],
    });
    expect(status).toBe(200);
    expect(body.data.actions.pdfs).toHaveLength(2);
    for (const url of body.data.actions.pdfs) {
      const file = await download(url);
      expect(file.status).toBe(200);
      expect(file.type).toBe("application/pdf");
      expect(new TextDecoder().decode(file.bytes.subarray(0, 5))).toBe("%PDF-");
    }
  });
});
