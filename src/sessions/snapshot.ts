/**
 * A text snapshot of a page for people and models: its accessibility tree, roughly — headings, text, lists,
 * tables and every element one can act on — one line per node, indented by nesting. Interactive elements get
 * references (`[ref=e1]`, named `@e1` in commands) that stay valid until the next snapshot or navigation, so a
 * command or an LLM can say "click @e4" instead of inventing a selector.
 *
 * The tree is computed in the page (roles from tags and ARIA, names from labels, alt text and content); the
 * references are kept on the page's window.
 */
import type { ElementHandle, Page } from "@cloudflare/puppeteer";

export interface SnapshotOptions {
  /** Interactive elements only (`-i`). */
  interactive?: boolean;
  /** Leave out unnamed structure (`-c`). */
  compact?: boolean;
  /** Only the subtree of this CSS selector (`-s`). */
  selector?: string;
}

/** Snapshots longer than this are cut (a model's context is finite too). */
const MAX_SNAPSHOT_CHARS = 40_000;

const SNAPSHOT = String.raw`(options) => {
  const TAG_ROLES = {
    button: "button",
    select: "combobox",
    textarea: "textbox",
    img: "img",
    ul: "list",
    ol: "list",
    li: "listitem",
    nav: "navigation",
    main: "main",
    form: "form",
    table: "table",
    tr: "row",
    td: "cell",
    th: "columnheader",
    p: "paragraph",
    dialog: "dialog",
    summary: "button",
    option: "option",
    article: "article",
    h1: "heading",
    h2: "heading",
    h3: "heading",
    h4: "heading",
    h5: "heading",
    h6: "heading",
    label: "label",
  };
  const INPUT_ROLES = {
    button: "button",
    submit: "button",
    reset: "button",
    image: "button",
    checkbox: "checkbox",
    radio: "radio",
    range: "slider",
    search: "searchbox",
  };
  const INTERACTIVE = new Set([
    "link",
    "button",
    "textbox",
    "searchbox",
    "checkbox",
    "radio",
    "combobox",
    "slider",
    "option",
    "menuitem",
    "tab",
    "switch",
  ]);
  const TEXT_ROLES = new Set(["heading", "paragraph", "listitem", "cell", "columnheader", "label"]);
  const clean = (s, max = 120) => {
    const t = (s || "").replace(/\s+/g, " ").trim();
    return t.length > max ? t.slice(0, max - 1) + "…" : t;
  };
  const roleOf = (el) => {
    const explicit = el.getAttribute("role");
    if (explicit) return explicit.split(" ")[0];
    const tag = el.tagName.toLowerCase();
    if (tag === "a") return el.hasAttribute("href") ? "link" : null;
    if (tag === "input") return el.type === "hidden" ? null : INPUT_ROLES[el.type] || "textbox";
    if (el.isContentEditable && !el.parentElement?.isContentEditable) return "textbox";
    return TAG_ROLES[tag] || null;
  };
  const hidden = (el) =>
    el.getAttribute("aria-hidden") === "true" ||
    el.hidden ||
    (el.checkVisibility
      ? !el.checkVisibility({ visibilityProperty: true })
      : getComputedStyle(el).display === "none");
  const nameOf = (el, role) => {
    const label = el.getAttribute("aria-label");
    if (label) return clean(label);
    const by = el.getAttribute("aria-labelledby");
    if (by)
      return clean(
        by
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent || "")
          .join(" "),
      );
    if (el.labels && el.labels.length) return clean([...el.labels].map((l) => l.textContent).join(" "));
    if (role === "img") return clean(el.getAttribute("alt") || el.getAttribute("title"));
    if (el.tagName === "INPUT" && ["button", "submit", "reset"].includes(el.type)) return clean(el.value || el.type);
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA")
      return clean(el.getAttribute("placeholder") || el.getAttribute("title") || el.name);
    if (el.tagName === "SELECT") return clean(el.getAttribute("title") || el.name);
    return clean(el.textContent, TEXT_ROLES.has(role) ? 300 : 120);
  };
  const root = options.selector ? document.querySelector(options.selector) : document.body;
  if (!root) throw new Error('no element matches "' + options.selector + '"');
  const refs = new Map();
  Object.defineProperty(window, "__edgecrawlRefs", {
    value: refs,
    configurable: true,
    writable: true,
    enumerable: false,
  });
  const lines = [];
  const visit = (el, depth) => {
    for (const child of el.children) {
      if (hidden(child)) continue;
      const role = roleOf(child);
      if (!role) {
        visit(child, depth);
        continue;
      }
      const interactive = INTERACTIVE.has(role);
      const name = nameOf(child, role);
      const attributes = [];
      if (role === "heading") attributes.push("level=" + child.tagName.slice(1));
      if ((role === "checkbox" || role === "radio") && child.checked) attributes.push("checked");
      if (child.disabled) attributes.push("disabled");
      if (interactive) {
        const ref = "e" + (refs.size + 1);
        refs.set(ref, child);
        attributes.push("ref=" + ref);
      }
      const value =
        (role === "textbox" || role === "searchbox" || role === "combobox") && child.value
          ? ': "' + clean(child.value) + '"'
          : "";
      const shown = interactive || !options.interactive;
      const structural = !interactive && !name;
      if (shown && !(options.compact && structural)) {
        const indent = options.interactive ? "" : "  ".repeat(depth);
        lines.push(
          indent +
            "- " +
            role +
            (name ? ' "' + name.replace(/"/g, "'") + '"' : "") +
            (attributes.length ? " [" + attributes.join(", ") + "]" : "") +
            value,
        );
      }
      if (!interactive || role === "combobox")
        visit(child, options.interactive || (options.compact && structural) ? depth : depth + 1);
    }
  };
  visit(root, 0);
  return lines.join("\n");
}`;

/** The page's snapshot as text (references renewed). */
export async function takeSnapshot(page: Page, options: SnapshotOptions = {}): Promise<string> {
  const text = (await page.evaluate(`(${SNAPSHOT})(${JSON.stringify(options)})`)) as string;
  const header = `Page: ${await page.title()} (${page.url()})`;
  const body =
    text.length > MAX_SNAPSHOT_CHARS
      ? `${text.slice(0, MAX_SNAPSHOT_CHARS)}\n… (snapshot cut at ${MAX_SNAPSHOT_CHARS} characters)`
      : text;
  return `${header}\n${body || "(no visible content)"}`;
}

/** The element `target` names: a snapshot reference (`@e3`, `e3`) or a CSS selector. */
export async function findElement(page: Page, target: string): Promise<ElementHandle> {
  const ref = /^@?(e\d+)$/.exec(target)?.[1];
  if (ref) {
    const handle = await page.evaluateHandle(`window.__edgecrawlRefs?.get(${JSON.stringify(ref)}) ?? null`);
    const element = handle.asElement() as ElementHandle | null;
    if (!element) {
      await handle.dispose();
      throw new Error(`@${ref} is not a reference of the current page: take a new snapshot`);
    }
    return element;
  }
  const element = await page.$(target);
  if (!element) throw new Error(`no element matches "${target}"`);
  return element;
}
