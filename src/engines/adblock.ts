/**
 * `blockAds` for the browser engine: which request hosts to refuse, and how cookie-consent popups are removed.
 *
 * The host list is not typed here: it comes from `third-party-web` (MIT, the entity database Lighthouse uses,
 * updated with each release), taking the entities it classes as advertising, analytics and consent providers.
 * Blocking consent-provider hosts keeps most cookie popups from ever loading; popups a site serves itself are
 * removed from the page by `REMOVE_CONSENT_POPUPS` before the content is captured.
 */
import entities from "third-party-web/dist/entities-nostats.json";

/** third-party-web categories whose hosts are refused. */
const BLOCKED_CATEGORIES = new Set(["ad", "analytics", "consent-provider"]);

interface BlockList {
  /** Hosts refused exactly. */
  exact: Set<string>;
  /** Registrable suffixes refused with all their subdomains (`*.doubleclick.net`). */
  suffixes: Set<string>;
}

let blockList: BlockList | undefined;

function loadBlockList(): BlockList {
  const list: BlockList = { exact: new Set(), suffixes: new Set() };
  for (const entity of entities as { category?: string; domains?: string[] }[]) {
    if (!entity.category || !BLOCKED_CATEGORIES.has(entity.category)) continue;
    for (const domain of entity.domains ?? []) {
      const host = domain.toLowerCase();
      if (host.startsWith("*.")) list.suffixes.add(host.slice(2));
      else list.exact.add(host);
    }
  }
  return list;
}

/** Whether requests to `hostname` are ads, trackers or consent managers. */
export function isBlockedHost(hostname: string): boolean {
  blockList ??= loadBlockList();
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (blockList.exact.has(host)) return true;
  // Walk up the labels: a.b.doubleclick.net → b.doubleclick.net → doubleclick.net.
  for (let dot = -1; ;) {
    const suffix = host.slice(dot + 1);
    if (blockList.suffixes.has(suffix)) return true;
    dot = host.indexOf(".", dot + 1);
    if (dot < 0) return false;
  }
}

/**
 * A page script (kept as source text: bundlers rewrite functions, which would break once serialised into the
 * page) that removes cookie-consent popups a site renders itself and undoes the scroll lock they put on the
 * page. A popup is an element that talks about cookies or consent, offers a button or link, is short, and sits
 * on top of the page (fixed or sticky, a dialog) or is named as a cookie/consent banner. Full-screen backdrops
 * left behind are removed too. Evaluates to the number of elements removed.
 */
export const REMOVE_CONSENT_POPUPS = `(() => {
  const WORDING = /\\b(cookies?|consent|gdpr|privacy (settings|preferences|choices|center)|tracking \
technologies|datenschutz|cookie-einstellungen)\\b/i;
  const NAMED = /(cookie|consent|gdpr|cmp)/i;
  const body = document.body;
  if (!body) return 0;
  const candidates = new Set([
    ...body.children,
    ...body.querySelectorAll('dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"], [id*="cookie" i], \
[class*="cookie" i], [id*="consent" i], [class*="consent" i], [id*="gdpr" i], [class*="gdpr" i]'),
  ]);
  const onTop = (el) => {
    for (let node = el; node && node !== body; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return true;
      if (node.tagName === "DIALOG" || node.getAttribute("aria-modal") === "true" || \
/dialog/.test(node.getAttribute("role") || "")) return true;
    }
    return false;
  };
  const named = (el) => NAMED.test(el.id || "") || NAMED.test(typeof el.className === "string" ? el.className : "");
  let removed = 0;
  for (const el of candidates) {
    if (!el.isConnected || el === body || el.tagName === "MAIN" || el.tagName === "ARTICLE") continue;
    const text = (el.innerText || "").trim();
    if (text.length === 0 || text.length > 3000 || !WORDING.test(text)) continue;
    if (!el.querySelector('button, a[href], input[type="button"], input[type="submit"], [role="button"]')) continue;
    if (!onTop(el) && !named(el)) continue;
    el.remove();
    removed++;
  }
  if (removed > 0) {
    const viewport = innerWidth * innerHeight;
    for (const el of body.querySelectorAll("div")) {
      const style = getComputedStyle(el);
      if (style.position !== "fixed" || (el.innerText || "").trim()) continue;
      const box = el.getBoundingClientRect();
      if (box.width * box.height >= viewport * 0.5) { el.remove(); removed++; }
    }
    for (const root of [document.documentElement, body]) {
      if (getComputedStyle(root).overflow === "hidden") root.style.setProperty("overflow", "auto", "important");
    }
  }
  return removed;
})()`;
