/**
 * Page heuristics for engine selection (select.ts): whether fetched HTML is an app shell that needs JavaScript to
 * show its content, and how much of it a reader could read as served.
 */

/** The text a reader would see: markup, scripts, styles, templates and comments removed. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(nbsp|#160|#xa0);/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Enough text that the page is readable as served, whatever its scripts do. */
export const READABLE_TEXT_CHARS = 1500;
/** Less text than this plus scripts is an app shell. */
const SHELL_TEXT_CHARS = 200;
const JS_REQUIRED_NOTICE = new RegExp(
  String.raw`\b(enable|turn on|activate|allow)\s+(your\s+)?javascript|javascript\s+(is\s+)?(required|` +
    String.raw`disabled|needed|must be (enabled|turned on))|(requires?|needs?)\s+javascript|` +
    String.raw`without javascript`,
  "i",
);
const EMPTY_MOUNT_POINT = new RegExp(
  String.raw`<(div|main|section)\b[^>]*\bid\s*=\s*["']?(root|app|__next|__nuxt|` +
    String.raw`svelte|main-app|application)["']?[^>]*>\s*</\1>|<app-root\b[^>]*>\s*</app-root>`,
  "i",
);

/** Text inside <noscript>: where app shells put the server-rendered view they give crawlers. */
function noscriptText(html: string): string {
  return [...html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi)].map((m) => visibleText(m[1])).join(" ");
}

/** What a reader (or a crawler without JavaScript) can read in the HTML as served: visible text and noscript views. */
export function readableText(html: string): string {
  const crawlerView = noscriptText(html);
  return crawlerView.length >= SHELL_TEXT_CHARS ? `${visibleText(html)} ${crawlerView}` : visibleText(html);
}

/**
 * Whether fetched HTML evidently needs JavaScript to show its content: little readable text together with
 * scripts (an empty app shell, a script redirect), or a noscript notice asking for JavaScript. Content the page
 * already holds does not need a browser however the page is built: a server-rendered page with hydration
 * scripts has its text in the markup, and an app shell's <noscript> crawler view (Discourse and others) is
 * readable text too.
 */
export function needsJavaScript(html: string): boolean {
  const text = visibleText(html);
  if (text.length >= READABLE_TEXT_CHARS || noscriptText(html).length >= READABLE_TEXT_CHARS) return false;
  const externalScripts = (html.match(/<script\b[^>]*\bsrc\s*=/gi) ?? []).length;
  const inlineScriptChars = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].reduce(
    (sum, m) => sum + m[1].trim().length,
    0,
  );
  if (externalScripts === 0 && inlineScriptChars === 0) return false;
  const noscript = [...html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi)].map((m) => m[1]).join(" ");
  if (JS_REQUIRED_NOTICE.test(noscript)) return true;
  if (text.length < SHELL_TEXT_CHARS) return true;
  return EMPTY_MOUNT_POINT.test(html) && text.length < READABLE_TEXT_CHARS / 3;
}
