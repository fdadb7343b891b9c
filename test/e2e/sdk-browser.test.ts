/**
 * The official JS SDK (@mendable/firecrawl-js) against `npm start`, on the browser engine: actions and a
 * screenshot, whose signed URL is then fetched like any client would.
 */
import Firecrawl from "@mendable/firecrawl-js";
import { describe, expect, inject, it } from "vitest";

const apiUrl = inject("e2eApiUrl");
const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl });

interface ActionResults {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("official SDK: scrape on the browser engine", () => {
  it("runs actions and returns a screenshot URL served by the API", async () => {
    const doc = await client.scrape(`${site}/browser/form.html`, {
      formats: ["markdown", { type: "screenshot", viewport: { width: 1024, height: 768 } }],
      actions: [
        { type: "click", selector: "#name" },
        { type: "write", text: "Grace" },
        { type: "press", key: "Enter" },
        { type: "executeJavascript", script: "document.getElementById('greeting').textContent" },
        { type: "screenshot", fullPage: true },
        { type: "scrape" },
      ],
    });
    expect(doc.markdown).toContain("Welcome aboard, Grace!");
    expect(doc.metadata?.engine).toBe("browser");
    // The SDK types `actions` loosely; the shape is the Document schema's (src/schemas/document.ts).
    const actions = doc.actions as unknown as ActionResults;
    expect(actions.javascriptReturns).toEqual([{ type: "string", value: "Welcome aboard, Grace!" }]);
    expect(actions.scrapes[0].html).toContain("Welcome aboard, Grace!");

    const urls = [doc.screenshot, ...actions.screenshots] as string[];
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url.startsWith(`${apiUrl}/v2/artifacts/shots/`)).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect([...new Uint8Array(await response.arrayBuffer()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    }
  });

  it("renders a script-built page without being asked to", async () => {
    const doc = await client.scrape(`${site}/browser/js-shell.html`, { formats: ["markdown"] });
    expect(doc.markdown).toContain("# Lighthouse catalogue");
    expect(doc.metadata?.engine).toBe("browser");
  });

  it("surfaces a failing action as an SDK error with SCRAPE_ACTION_ERROR", async () => {
    await expect(
      client.scrape(`${site}/browser/form.html`, { actions: [{ type: "click", selector: "#missing" }] }),
    ).rejects.toMatchObject({
      status: 500,
      code: "SCRAPE_ACTION_ERROR",
    });
  });
});
