/**
 * The small hand-written site the main-content tests build their pages from (a harbour newspaper's header, footer,
 * cookie banner and newsletter box), and `extract`, which runs a page's body through extractMainContent.
 */
import { parseHtml } from "../../src/dom/parse";
import { toHtml } from "../../src/dom/serialize";
import { collapsedText, findElement } from "../../src/dom/tree";
import { extractMainContent, type PageSignals } from "../../src/main-content";

export function extract(bodyHtml: string, signals: Partial<PageSignals> = {}) {
  const body = findElement(parseHtml(`<html><head><title>t</title></head><body>${bodyHtml}</body></html>`), "body")!;
  const result = extractMainContent(body, { url: "https://example.test/page", jsonLd: [], metadata: {}, ...signals });
  return { ...result, text: collapsedText(result.root), html: toHtml(result.root) };
}

export const sentence = (topic: string, n = 3) =>
  Array.from(
    { length: n },
    (_, i) =>
      `The ${topic} was checked for the ${i + 1}. time, and the keeper ` +
      `wrote down what he saw, line by line, in the log.`,
  ).join(" ");

export const siteHeader = `<header class="site-header"><a href="/">Harbour Weekly</a><nav><ul>
  <li><a href="/news">News</a></li><li><a href="/boats">Boats</a></li><li><a href="/lights">Lights</a></li>
  <li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>`;
export const siteFooter = `<footer><p>© 2025 Harbour Weekly. All rights reserved.</p><ul><li><a \
href="/privacy">Privacy policy</a></li>
  <li><a href="/terms">Terms of use</a></li><li><a href="/imprint">Imprint</a></li></ul></footer>`;
export const cookieBanner = `<div id="cookie-consent" class="cookie-banner"><p>We use cookies to improve your \
experience on our site.
  By continuing to browse you agree to our use of cookies and similar technologies.</p><button>Accept all</button>\
</div>`;
export const newsletter = `<div class="newsletter-signup"><h3>Get the weekly digest</h3><p>Subscribe to our newsletter \
and never miss a story
  from the harbour.</p><form><input type="email" placeholder="Email"><button>Subscribe</button></form></div>`;
