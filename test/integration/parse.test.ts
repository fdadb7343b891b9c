/**
 * POST /v2/parse: files uploaded as multipart/form-data, as the SDK's parse() sends them (a `file` part with its
 * name, an `options` part with ParseOptions as JSON), converted by the scrape pipeline's document stage. The
 * fixtures come from the fixture site (doc.pdf, article.html, files/report.docx made by
 * test/fixtures/src/make-docx.mjs); json and summary use the fixture site's fake OpenAI-compatible model.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { API, API_KEY, callJson, fixture, NO_LLM } from "../helpers";
import { createApp } from "../../src/app";

const bytesOf = async (path: string) => new Uint8Array(await (await fetch(fixture(path))).arrayBuffer());

function form(file: { data: string | Uint8Array; name: string; type?: string } | null, options?: unknown): FormData {
  const body = new FormData();
  if (options !== undefined) body.append("options", typeof options === "string" ? options : JSON.stringify(options));
  if (file) body.append("file", new Blob([file.data], { type: file.type ?? "" }), file.name);
  return body;
}

/** Uploads through the Worker's fetch handler; `settings` runs the app on changed bindings instead. */
async function parse(body: FormData, settings?: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const request = new Request(`${API}/v2/parse`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_KEY}` },
    body,
  });
  const response = settings
    ? await createApp().fetch(request, { ...env, ...settings } as Env, createExecutionContext())
    : await exports.default.fetch(request);
  return { status: response.status, body: await response.json() };
}

describe("POST /v2/parse", () => {
  it("HTML: markdown, html and links like a scrape of the page, stored for GET /v2/scrape/{id}", async () => {
    const html = await bytesOf("/article.html");
    const { status, body } = await parse(
      form({ data: html, name: "article.html", type: "text/html" }, { formats: ["markdown", "html", "links"] }),
    );
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("# How Lighthouses Work");
    expect(body.data.html).toContain("<h1>How Lighthouses Work</h1>");
    expect(Array.isArray(body.data.links)).toBe(true);
    expect(body.data.metadata).toMatchObject({ sourceURL: "article.html", statusCode: 200, creditsUsed: 1 });
    let stored = { status: 404 };
    for (let i = 0; i < 20 && stored.status !== 200; i++) {
      stored = await callJson("GET", `/v2/scrape/${body.data.metadata.scrapeId}`);
      if (stored.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored.status).toBe(200);
  });

  it("PDF: the text of every page through the PDF path, 1 credit a page", async () => {
    const { status, body } = await parse(form({ data: await bytesOf("/doc.pdf"), name: "doc.pdf" }));
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("Quarterly Report");
    expect(body.data.markdown).toContain("zephyr");
    expect(body.data.metadata).toMatchObject({ numPages: 3, creditsUsed: 3, title: "Edgecrawl PDF Fixture" });
  });

  it("DOCX: headings, lists and links through mammoth", async () => {
    const { status, body } = await parse(
      form({ data: await bytesOf("/files/report.docx"), name: "report.docx" }, { formats: ["markdown", "links"] }),
    );
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("# Quarterly Report");
    expect(body.data.markdown).toMatch(/^- Lamps cleaned$/m);
    expect(body.data.markdown).toContain("[the project site](https://lighthouse.example/project)");
    expect(body.data.links).toContain("https://lighthouse.example/project");
  });

  it("json and summary through the LLM, billed like a scrape's json", async () => {
    const options = {
      formats: [{ type: "json", schema: { type: "object", properties: { revenue: { type: "number" } } } }, "summary"],
    };
    const { status, body } = await parse(
      form({ data: await bytesOf("/files/report.docx"), name: "report.docx" }, options),
    );
    expect(status).toBe(200);
    expect(body.data.json).toEqual({ revenue: 42 });
    expect(body.data.summary).toBe("Summary: Quarterly Report");
    expect(body.data.metadata.creditsUsed).toBe(5);
    const refused = await parse(form({ data: "<h1>x</h1>", name: "x.html" }, { formats: ["summary"] }), NO_LLM);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("LLM_NOT_CONFIGURED");
  });

  it("plain text and markdown files by their extension", async () => {
    const { status, body } = await parse(form({ data: "Line one\n\nLine two", name: "notes.txt" }));
    expect(status).toBe(200);
    expect(body.data.markdown).toContain("Line two");
  });

  it("refuses unknown types with 415 naming the accepted ones, and files over 10 MB with 413", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const unknown = await parse(form({ data: png, name: "picture.png", type: "image/png" }));
    expect(unknown.status).toBe(415);
    expect(unknown.body).toMatchObject({ success: false, code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(unknown.body.error).toContain("PDF (.pdf), Word (.docx)");
    const large = await parse(form({ data: new Uint8Array(10 * 1024 * 1024 + 1), name: "big.pdf" }));
    expect(large.status).toBe(413);
    expect(large.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses bad options and a missing file naming the field", async () => {
    const file = { data: "<h1>x</h1>", name: "x.html" };
    const screenshot = await parse(form(file, { formats: ["screenshot"] }));
    expect(screenshot.status).toBe(400);
    expect(screenshot.body.error).toMatch(/^options\.formats\[0\]: the screenshot format needs a live page/);
    const video = await parse(form(file, { formats: ["markdown", { type: "video" }] }));
    expect(video.status).toBe(400);
    expect(video.body.error).toMatch(/^options\.formats\[1\]: the video format needs a live page/);
    const waitFor = await parse(form(file, { waitFor: 100 }));
    expect(waitFor.status).toBe(400);
    expect(waitFor.body.error).toMatch(/waitFor/);
    const notJson = await parse(form(file, "{nope"));
    expect(notJson.body.error).toBe("options: is not valid JSON");
    const noFile = await parse(form(null, {}));
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toMatch(/^file: /);
    const broken = await parse(form({ data: "not a zip", name: "broken.docx" }));
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/could not be read as a Word document/);
  });

  it("zeroDataRetention: the result is not stored", async () => {
    const { status, body } = await parse(
      form({ data: "<h1>Secret</h1>", name: "secret.html" }, { zeroDataRetention: true }),
    );
    expect(status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await callJson("GET", `/v2/scrape/${body.data.metadata.scrapeId}`)).status).toBe(404);
  });

  it("onlyMainContent, includeTags and excludeTags shape the markdown as for a scrape", async () => {
    const page =
      "<html><body><nav>Menu here</nav><main><h1>Title</h1><p class='keep'>Kept " +
      "text</p><p class='drop'>Dropped text</p></main></body></html>";
    const file = { data: page, name: "page.html" };
    expect((await parse(form(file))).body.data.markdown).not.toContain("Menu here");
    expect((await parse(form(file, { onlyMainContent: false }))).body.data.markdown).toContain("Menu here");
    expect((await parse(form(file, { excludeTags: [".drop"] }))).body.data.markdown).not.toContain("Dropped text");
    const only = (await parse(form(file, { includeTags: [".keep"] }))).body.data.markdown;
    expect(only).toContain("Kept text");
    expect(only).not.toContain("Title");
  });
});
