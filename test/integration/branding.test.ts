/**
 * The branding format on the real local Chromium: a fixture page with known colors, fonts, logo, buttons and
 * inputs (browser/brand.html), a page whose brand color and name the heuristics cannot settle alone
 * (browser/brand-ambiguous.html: the fixture site's fake model names them), and what cannot be branded.
 */
import { describe, expect, it } from "vitest";
import { callJson, callJsonWith, fixture, NO_LLM, unique } from "../helpers";
import { allDocuments, waitForJob } from "../crawl-helpers";

const llmRequestCount = async () => ((await (await fetch(fixture("/__llm"))).json()) as unknown[]).length;

describe("branding", () => {
  it("reads colors, fonts, typography, spacing, buttons, inputs and the logo of a rendered page", async () => {
    const before = await llmRequestCount();
    const { status, body } = await callJson("POST", "/v2/scrape", {
      url: unique("/browser/brand.html"),
      formats: ["branding"],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const branding = body.data.branding;
    expect(body.data.metadata).toMatchObject({ engine: "browser", creditsUsed: 1 });
    expect(body.data.markdown).toBeUndefined();
    expect(branding).toMatchObject({
      colorScheme: "light",
      brandName: "Northwind",
      logo: fixture("/browser/brand-logo.svg"),
      colors: {
        primary: "#E4572E",
        secondary: "#17BEBB",
        accent: "#0B6E99",
        background: "#FAFAF7",
        textPrimary: "#1F2933",
        textSecondary: "#616E7C",
        link: "#0B6E99",
      },
      typography: {
        fontFamilies: { primary: "Inter", heading: "Playfair Display", code: "JetBrains Mono" },
        fontStacks: {
          primary: ["Inter", "Helvetica", "Arial", "sans-serif"],
          heading: ["Playfair Display", "Georgia", "serif"],
        },
        fontSizes: { h1: "48px", h2: "32px", h3: "24px", body: "16px" },
        fontWeights: { light: 300, regular: 400, medium: 500, bold: 700 },
        lineHeights: { heading: 1.2, body: 1.5 },
      },
      spacing: { baseUnit: 8, borderRadius: "8px", padding: { button: "12px 24px", input: "10px 14px" } },
      components: {
        buttonPrimary: { background: "#E4572E", textColor: "#FFFFFF", borderRadius: "8px" },
        buttonSecondary: { background: null, textColor: "#17BEBB", borderColor: "#17BEBB", borderRadius: "8px" },
        input: { background: "#FFFFFF", textColor: "#1F2933", borderColor: "#CBD2D9", borderRadius: "6px" },
      },
      images: {
        logo: fixture("/browser/brand-logo.svg"),
        logoHref: fixture("/"),
        logoAlt: "Northwind logo",
        favicon: fixture("/browser/brand-favicon.ico"),
        ogImage: fixture("/browser/brand-social.png"),
      },
      animations: { transitionDuration: "0.2s", easing: "ease-in-out" },
      layout: { maxWidth: "1120px", headerHeight: "64px" },
    });
    expect(branding.fonts.map((f: { family: string }) => f.family)).toEqual([
      "Inter",
      "Playfair Display",
      "JetBrains Mono",
    ]);
    // Every role was decided on the page: the model was not asked.
    expect(await llmRequestCount()).toBe(before);
  });

  it("the LLM names only what the page leaves open: the brand color among the candidates, and the name", async () => {
    const url = unique("/browser/brand-ambiguous.html");
    const before = await llmRequestCount();
    const { body } = await callJson("POST", "/v2/scrape", { url, formats: ["branding"] });
    const [request] = (
      (await (await fetch(fixture("/__llm"))).json()) as { body: { messages: { content: string }[] } }[]
    ).slice(before);
    expect(request.body.messages[1].content).toMatch(
      /^Color candidates: #2E86AB \(2 link\(s\)\); #F18F01 \(backgrounds, \d+ px²\)$/m,
    );
    expect(request.body.messages[1].content).toContain("Site name hints: Welcome | Harbor Lights | 127.0.0.1");
    // The fake model picks the second candidate and the first hint.
    expect(body.data.branding).toMatchObject({
      brandName: "Welcome",
      colors: { primary: "#F18F01", accent: "#2E86AB" },
    });

    // Without an LLM the heuristics' own first choices stay.
    const alone = await callJsonWith(NO_LLM, "POST", "/v2/scrape", {
      url: unique("/browser/brand-ambiguous.html"),
      formats: ["branding"],
    });
    expect(alone.body.data.branding).toMatchObject({
      brandName: "Harbor Lights",
      colors: { primary: "#2E86AB", accent: "#F18F01" },
    });
  });

  it("works on batch pages too", async () => {
    const started = await callJson("POST", "/v2/batch/scrape", {
      urls: [unique("/browser/brand.html")],
      formats: ["markdown", "branding"],
    });
    await waitForJob(`/v2/batch/scrape/${started.body.id}`);
    const [document] = (await allDocuments(`/v2/batch/scrape/${started.body.id}`)) as any[];
    expect(document.branding.colors.primary).toBe("#E4572E");
    expect(document.markdown).toContain("# Ship faster with Northwind");
  });

  it("a PDF, or a deployment without a browser, answers 400 SCRAPE_BRANDING_NOT_SUPPORTED", async () => {
    const pdf = await callJson("POST", "/v2/scrape", { url: unique("/doc.pdf"), formats: ["branding"] });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({
      code: "SCRAPE_BRANDING_NOT_SUPPORTED",
      error: expect.stringMatching(/doc\.pdf.*(PDF|does not display)/),
    });
    const noBrowser = await callJsonWith({ BROWSER: undefined }, "POST", "/v2/scrape", {
      url: unique("/browser/brand.html"),
      formats: ["branding"],
    });
    expect(noBrowser.status).toBe(400);
    expect(noBrowser.body).toMatchObject({
      code: "SCRAPE_BRANDING_NOT_SUPPORTED",
      error: expect.stringMatching(/^formats\[0\]: .*no browser/),
    });
  });
});
