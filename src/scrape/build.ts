/**
 * Turns what an engine fetched into the document the caller asked for: picks the converter by content kind
 * (HTML passes + markdown, PDF text, JSON/text bodies), derives only the requested formats, fills `metadata`
 * and computes the credits (docs/credits.md).
 */
import { scrapeCredits } from "../credits/rates";
import { ApiError } from "../errors";
import { pageKind, type FetchedPage } from "../engines/types";
import { parsePdf, pdfParserOptions, pdfToBase64 } from "../engines/pdf";
import { jsonToMarkdown, removeBase64Images, textToMarkdown } from "../markdown";
import { convertHtml } from "./html-content";
import { extractJson, summarize } from "../llm/client";
import { brandingProfile } from "../branding/format";
import { structuredProfiles } from "../structured/profiles";
import { answerQuestion, findHighlights } from "../llm/answers";
import type { TextAnswer } from "../llm/structured";
import { prepareRedaction, redactDocument } from "../redact/document";
import type { ScrapeOptions } from "../schemas/scrape";
import type { FormatObject } from "../schemas/formats";
import type { DocumentMetadata, ScrapeDocument } from "../schemas/document";

export interface BuildOptions {
  options: ScrapeOptions;
  formats: FormatObject[];
  /** The URL as the caller spelled it. */
  sourceURL: string;
  scrapeId: string;
  signal?: AbortSignal;
  /** Also list every followable link of the whole page (crawls and map need them). */
  discoverLinks?: boolean;
}

export interface BuiltDocument {
  document: ScrapeDocument;
  credits: number;
  /** With `discoverLinks`: the page's followable links (empty for non-HTML content). */
  discoveredLinks?: string[];
}

interface Content {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  attributes?: ScrapeDocument["attributes"];
  discoveredLinks?: string[];
  /** HTML pages, for the product and menu formats: their JSON-LD and microdata. */
  structured?: unknown[];
  meta: Partial<DocumentMetadata>;
  /** PDF pages parsed (billing); 0 for other content. */
  pdfPagesParsed: number;
  warnings: string[];
}

/** Formats made from the page's markdown. */
// prettier-ignore
const NEEDS_MARKDOWN = new Set<FormatObject["type"]>([
  "markdown", "json", "summary", "changeTracking", "question", "highlights", "query", "product", "menu",
]);

export async function buildDocument(env: Env, page: FetchedPage, build: BuildOptions): Promise<BuiltDocument> {
  const { options, formats } = build;
  const wants = (type: FormatObject["type"]) => formats.some((f) => f.type === type);
  const profiles = { product: wants("product"), menu: wants("menu") };
  const needsMarkdown = formats.some((f) => NEEDS_MARKDOWN.has(f.type));
  const kind = pageKind(page.contentType, page.body);

  let content: Content;
  if (kind === "pdf") {
    if ((options.actions?.length ?? 0) > 0) {
      throw new ApiError(
        "SCRAPE_ACTIONS_NOT_SUPPORTED",
        "Actions are not supported for PDF documents: the URL resolved to a PDF",
      );
    }
    content = await pdfContent(page, options);
  } else if (kind === "html") {
    content = htmlContent(page, options, formats, {
      markdown: needsMarkdown,
      discoverLinks: build.discoverLinks ?? false,
      structuredData: profiles.product || profiles.menu,
    });
  } else if (kind === "json" || kind === "text" || kind === "xml") {
    const text = page.text ?? "";
    const markdown =
      kind === "json" ? jsonToMarkdown(text) : kind === "xml" ? "```xml\n" + text + "\n```" : textToMarkdown(text);
    content = {
      markdown,
      html: undefined,
      rawHtml: text,
      links: [],
      images: [],
      meta: {},
      pdfPagesParsed: 0,
      warnings: [],
    };
  } else {
    throw new ApiError(
      "SCRAPE_UNSUPPORTED_FILE_ERROR",
      `Unsupported content type "${page.contentType || "unknown"}" ` +
        `at ${page.url}: only HTML, PDF, JSON, XML and text pages can be converted`,
    );
  }

  const document: ScrapeDocument = { metadata: undefined as unknown as DocumentMetadata };
  const warnings = [...(page.warnings ?? []), ...content.warnings];
  let markdown = content.markdown ?? "";
  if (options.removeBase64Images) markdown = removeBase64Images(markdown);
  // Redacted before the formats made from it, so the LLM formats never see what is redacted.
  const redactor = await prepareRedaction(env, options.redactPII, markdown, build.signal);
  if (redactor) markdown = redactor.text(markdown);

  if (wants("markdown")) document.markdown = markdown;
  if (wants("html")) document.html = content.html ?? "";
  if (wants("rawHtml")) document.rawHtml = content.rawHtml ?? page.text ?? "";
  if (wants("links")) document.links = content.links ?? [];
  if (wants("images")) document.images = content.images ?? [];
  const attributes = formats.find((f) => f.type === "attributes");
  if (attributes && "selectors" in attributes) {
    document.attributes = content.attributes ?? attributes.selectors.map((s) => ({ ...s, values: [] }));
  }
  const json = formats.find((f) => f.type === "json");
  if (json && json.type === "json") {
    const extraction = await extractJson(env, markdown, { prompt: json.prompt, schema: json.schema }, build.signal);
    document.json = extraction.data;
    if (extraction.warning) warnings.push(extraction.warning);
  }
  if (wants("summary")) {
    const summary = markdown.trim() ? await summarize(env, markdown, build.signal) : { text: "" };
    document.summary = summary.text;
    if (summary.warning) warnings.push(summary.warning);
  }
  await answerFormats(env, formats, markdown, document, warnings, build.signal);
  if (wants("screenshot") && page.screenshot) document.screenshot = page.screenshot;
  if (page.actions) document.actions = page.actions;
  for (const media of ["audio", "video"] as const)
    if (wants(media)) warnings.push(`The ${media} format is not available on this service.`);
  if (wants("branding")) {
    const branding = await brandingProfile(env, page, kind, build.signal);
    document.branding = branding.profile;
    warnings.push(...branding.warnings);
  }
  let profilesUsedLlm = false;
  if (profiles.product || profiles.menu) {
    const source = { url: page.url, structured: content.structured ?? [], markdown };
    const read = await structuredProfiles(env, source, profiles, build.signal);
    if (read.product) document.product = read.product;
    if (read.menu) document.menu = read.menu;
    warnings.push(...read.warnings);
    profilesUsedLlm = read.usedLlm;
  }

  const credits = scrapeCredits({
    pdfPagesParsed: content.pdfPagesParsed,
    // The json format, change tracking's json mode and a profile the LLM read cost the same extra, once.
    jsonExtraction:
      Boolean(json) || formats.some((f) => f.type === "changeTracking" && f.modes.includes("json")) || profilesUsedLlm,
    enhancedProxy: page.proxyUsed === "enhanced",
  });

  document.metadata = {
    ...content.meta,
    sourceURL: build.sourceURL,
    url: page.url,
    statusCode: page.statusCode,
    contentType: page.contentType || undefined,
    scrapeId: build.scrapeId,
    proxyUsed: page.proxyUsed,
    cacheState: "miss",
    creditsUsed: credits,
    engine: kind === "pdf" ? "pdf" : page.engine,
  };
  if (page.statusCode >= 400) document.metadata.error = `The target answered HTTP ${page.statusCode}`;
  if (redactor) warnings.push(...redactDocument(document, redactor));
  if (warnings.length) document.warning = warnings.join(" ");
  const built: BuiltDocument = { document, credits };
  if (build.discoverLinks) built.discoveredLinks = content.discoveredLinks ?? [];
  return built;
}

/** The HTML page path (html-content.ts): one parse, every requested format from the same tree. */
function htmlContent(
  page: FetchedPage,
  options: ScrapeOptions,
  formats: FormatObject[],
  wants: { markdown: boolean; discoverLinks: boolean; structuredData: boolean },
): Content {
  const rawHtml = page.text ?? "";
  const attributes = formats.find((f) => f.type === "attributes");
  const result = convertHtml(rawHtml, {
    url: page.url,
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags,
    excludeTags: options.excludeTags,
    markdown: wants.markdown,
    html: formats.some((f) => f.type === "html"),
    attributes: attributes && "selectors" in attributes ? attributes.selectors : undefined,
    discoverLinks: wants.discoverLinks,
    structuredData: wants.structuredData,
  });
  return {
    markdown: result.markdown,
    html: result.html,
    rawHtml,
    links: result.links,
    images: result.images,
    attributes: result.attributes,
    discoveredLinks: result.discoveredLinks,
    structured: result.structured,
    meta: result.metadata as Partial<DocumentMetadata>,
    pdfPagesParsed: 0,
    warnings: result.warnings,
  };
}

async function pdfContent(page: FetchedPage, options: ScrapeOptions): Promise<Content> {
  const parser = pdfParserOptions(options.parsers);
  if (!parser) {
    return {
      markdown: `data:application/pdf;base64,${pdfToBase64(page.body)}`,
      meta: {},
      pdfPagesParsed: 0,
      warnings: [],
      links: [],
      images: [],
    };
  }
  const pdf = await parsePdf(page.body, parser);
  return {
    markdown: pdf.markdown,
    links: [],
    images: [],
    meta: { numPages: pdf.numPages, ...(pdf.title ? { title: pdf.title } : {}) },
    pdfPagesParsed: pdf.pagesParsed,
    warnings: pdf.warnings,
  };
}

/** The question and highlights formats (and the deprecated query format): `answer` and `highlights`. */
async function answerFormats(
  env: Env,
  formats: FormatObject[],
  markdown: string,
  document: ScrapeDocument,
  warnings: string[],
  signal?: AbortSignal,
): Promise<void> {
  for (const format of formats) {
    let answer: TextAnswer | undefined;
    if (format.type === "question" || (format.type === "query" && format.mode === "freeform")) {
      const question = format.type === "question" ? format.question : format.prompt;
      answer = markdown.trim() ? await answerQuestion(env, markdown, question, signal) : { text: "" };
      document.answer = answer.text;
    } else if (format.type === "highlights" || (format.type === "query" && format.mode === "directQuote")) {
      const query = format.type === "highlights" ? format.query : format.prompt;
      answer = markdown.trim() ? await findHighlights(env, markdown, query, signal) : { text: "" };
      document.highlights = answer.text;
    }
    if (answer?.warning) warnings.push(answer.warning);
  }
}
