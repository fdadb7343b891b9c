/**
 * redactPII through POST /v2/scrape and /v2/parse against the fixture site's contact page (e-mail addresses
 * plain, in a mailto link and entity-encoded; phones in text, a tel: link and JSON-LD; cards; an IBAN; secrets;
 * people and places). People and places come from the fixture site's fake OpenAI-compatible model (no real model
 * runs here): it lists a known given name with its surname, street addresses and the names after in/from/to.
 */
import { describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { API, API_KEY, callJson, callJsonWith, fixture, NO_LLM, unique } from "../helpers";

const scrape = (body: Record<string, unknown>) => callJson("POST", "/v2/scrape", body);
const PAGE = "/people/contact.html";
const ALL_FORMATS = ["markdown", "html", "rawHtml", "links", "summary", { type: "json", prompt: "contact" }];

// prettier-ignore
const EMAILS = [
  "ada.lovelace@harbour-lantern.test", "office@harbour-lantern.test", "workshop@harbour-lantern.test",
  "treasurer&#64;harbour-lantern.test", "treasurer@harbour-lantern.test",
];
const PHONES = ["+1 (555) 010-4477", "+44 20 7946 0958", "020 7946 0958", "+15550104478", "+1 555 010 4478"];
const CARDS = ["4111 1111 1111 1111", "5500-0000-0000-0004", "DE89 3704 0044 0532 0130 00"];
const SECRETS = ["Zq8v2LkP0wXy7RtB93mN", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"];
const NAMES = ["Ada", "Lovelace", "Grace Hopper", "12 Harbour Street", "Lisbon", "Porto"];
/** What is on the page and is not personal data. */
const KEPT = ["2024-05-17", "1,299.00", "1 250 000", "4.42.0", "1887", "42 members", "Harbour Lantern Society"];

/** Every string of the document but the service's own fields (URLs and ids of the scrape). */
function documentText(data: Record<string, unknown>): string {
  const { metadata, ...formats } = data as { metadata: Record<string, unknown> };
  const { sourceURL: _s, url: _u, scrapeId: _i, ...pageMetadata } = metadata;
  return JSON.stringify({ formats, pageMetadata });
}

describe("redactPII", () => {
  it("leaves no e-mail, phone, card, secret, person or place of the page in any format", async () => {
    const url = unique(PAGE);
    const plain = await scrape({ url, formats: ALL_FORMATS });
    const plainText = documentText(plain.body.data);
    for (const value of [...EMAILS, ...PHONES, ...CARDS, ...SECRETS, ...NAMES]) expect(plainText).toContain(value);

    const { status, body } = await scrape({ url, formats: ALL_FORMATS, redactPII: true });
    expect(status, JSON.stringify(body)).toBe(200);
    const text = documentText(body.data);
    for (const value of [...EMAILS, ...PHONES, ...CARDS, ...SECRETS, ...NAMES]) expect(text).not.toContain(value);
    for (const value of KEPT) expect(text).toContain(value);
    const { markdown, html, rawHtml, summary, metadata } = body.data;
    expect(markdown).toMatch(/Our secretary <PERSON> answers letters sent to <EMAIL>/);
    expect(markdown).toMatch(/<PERSON> also keeps the lantern logbook/);
    expect(markdown).toMatch(/Visit us at <LOCATION>, or at our winter office in <LOCATION>/);
    expect(markdown).toMatch(/donations by card <FINANCIAL> or <FINANCIAL>/i);
    expect(markdown).toMatch(/api_key=<SECRET>/);
    // In markup a placeholder is text, never a tag; styles and SVG path data are not touched.
    expect(html).toContain("&lt;EMAIL&gt;");
    expect(html).not.toMatch(/<EMAIL>/);
    expect(rawHtml).toContain('"telephone": "&lt;PHONE&gt;"');
    expect(rawHtml).toContain('d="M 123 456 789 L 10 20"');
    expect(rawHtml).toContain("width: 1200px");
    expect(summary).not.toContain("Ada");
    expect(metadata.description).toBe("Write to our secretary <PERSON> at <EMAIL> or call <PHONE>.");
    expect(metadata.sourceURL).toBe(url);
    expect(metadata.creditsUsed).toBe(plain.body.data.metadata.creditsUsed);
  });

  it("masks or removes instead of tagging, and redacts only the kinds listed", async () => {
    const url = unique(PAGE);
    const masked = await scrape({ url, formats: ["markdown"], redactPII: { replaceStyle: "mask" } });
    expect(masked.body.data.markdown).toContain("Our secretary ************ answers letters sent to " + "*".repeat(33));
    const removed = await scrape({ url, formats: ["markdown"], redactPII: { replaceStyle: "remove" } });
    expect(removed.body.data.markdown).toContain("Telephone:  or .");
    const emails = await scrape({ url, formats: ["markdown"], redactPII: { entities: ["EMAIL"] } });
    expect(emails.body.data.markdown).toContain("Our secretary Ada Lovelace answers letters sent to <EMAIL>");
    expect(emails.body.data.markdown).toContain("+1 (555) 010-4477");
  });

  it("in fast mode calls no LLM, and says people and places were not redacted", async () => {
    const before = await personalDataRequests();
    const { body } = await scrape({ url: unique(PAGE), formats: ["markdown"], redactPII: { mode: "fast" } });
    expect(body.data.markdown).toContain("Ada Lovelace answers letters sent to <EMAIL>");
    expect(body.data.markdown).not.toContain("4111 1111 1111 1111");
    expect(body.data.warning).toMatch(/fast mode: names of people and places were not redacted/);
    expect(await personalDataRequests()).toBe(before);
  });

  it("refuses what it cannot do, naming redactPII: people and places without an LLM, or in fast mode", async () => {
    const noLlm = await callJsonWith(NO_LLM, "POST", "/v2/scrape", { url: unique(PAGE), redactPII: true });
    expect(noLlm).toMatchObject({ status: 400, body: { code: "LLM_NOT_CONFIGURED" } });
    expect(noLlm.body.error).toMatch(/redactPII finds people and places with an LLM.*"mode": "fast"/);
    const fast = await callJsonWith(NO_LLM, "POST", "/v2/scrape", { url: unique(PAGE), redactPII: { mode: "fast" } });
    expect(fast.status).toBe(200);
    const named = await scrape({ url: unique(PAGE), redactPII: { mode: "fast", entities: ["EMAIL", "PERSON"] } });
    expect(named.status).toBe(400);
    expect(JSON.stringify(named.body)).toMatch(/redactPII.*entities.*PERSON are found by the LLM/);
    const unknown = await scrape({ url: unique(PAGE), redactPII: { entities: ["SSN"] } });
    expect(unknown.status).toBe(400);
  });

  it("redacts a parsed file the same way", async () => {
    const html = await (await fetch(fixture(PAGE))).text();
    const form = new FormData();
    form.append("options", JSON.stringify({ formats: ["markdown"], redactPII: { mode: "fast" } }));
    form.append("file", new Blob([html], { type: "text/html" }), "contact.html");
    const headers = { authorization: `Bearer ${API_KEY}` };
    const response = await exports.default.fetch(
      new Request(`${API}/v2/parse`, { method: "POST", headers, body: form }),
    );
    const body = (await response.json()) as { data: { markdown: string } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    for (const value of [...EMAILS, ...PHONES, ...CARDS, ...SECRETS]) expect(body.data.markdown).not.toContain(value);
  });
});

/** How many requests the fake model has had from the people-and-places reader. */
async function personalDataRequests(): Promise<number> {
  const log = (await (await fetch(fixture("/__llm"))).json()) as { body: { messages?: { content?: string }[] } }[];
  return log.filter((r) => r.body.messages?.some((m) => m.content?.startsWith("You find personal data"))).length;
}
