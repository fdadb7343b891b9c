/**
 * Code in Markdown: fenced blocks for <pre> with the language the page names (on the <code>, the <pre> or a
 * highlighter's wrapper such as GitHub's div.highlight-source-*; SyntaxHighlighter's "brush: js" too), and the fence
 * length that code needs.
 */
import { elementsOf, type MdElement, type MdNode } from "./view";

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i;
const HIGHLIGHT_CLASS = /(?:^|\s)highlight-(?:source|text)-([\w#+.-]+)/i;
/** SyntaxHighlighter's convention, still used by documentation sites: class="brush: js". */
const BRUSH_CLASS = /(?:^|\s)brush:\s*([\w#+.-]+)/i;

function codeLanguage(pre: MdElement): string {
  const first = elementsOf(pre)[0];
  const code = first?.name === "code" ? first : null;
  for (const element of [code, pre, pre.parent]) {
    if (element === null) continue;
    const className = element.attrs.class ?? "";
    const match = LANGUAGE_CLASS.exec(className) ?? HIGHLIGHT_CLASS.exec(className) ?? BRUSH_CLASS.exec(className);
    if (match) return match[1].toLowerCase();
    const declared = element.attrs["data-lang"] ?? element.attrs["data-language"];
    if (declared && /^[\w#+.-]+$/.test(declared.trim())) return declared.trim().toLowerCase();
  }
  return "";
}

const LINE_LIKE_ELEMENTS = new Set(["div", "p", "li", "tr"]);
/**
 * Class names highlighters give the element wrapping each line of code (Shiki's "line", Prism's "token-line",
 * Expressive Code's "ec-line"). Most print a newline between the lines too; some leave the break to their stylesheet
 * (`.line { display: block }`), and the program would come out on one line.
 */
const LINE_CLASSES = new Set(["line", "code-line", "token-line", "ec-line"]);

function wrapsLine(element: MdElement): boolean {
  const classes = element.attrs.class;
  if (classes === undefined) return false;
  for (const name of classes.split(/\s+/)) if (LINE_CLASSES.has(name)) return true;
  return false;
}

/** The code as displayed: <br> and per-line wrapper elements (used by some highlighters) become newlines. */
function codeText(pre: MdElement): string {
  let text = "";
  const visit = (node: MdNode): void => {
    if (node.kind === 3) {
      text += node.data;
      return;
    }
    for (const child of node.children) {
      if (child.kind === 3) text += child.data;
      else if (child.name === "br") text += "\n";
      else {
        // A line's wrapper starts a line of its own, unless a newline already separates it from the one before.
        if (text !== "" && !text.endsWith("\n") && wrapsLine(child)) text += "\n";
        visit(child);
        if (LINE_LIKE_ELEMENTS.has(child.name) && !text.endsWith("\n")) text += "\n";
      }
    }
  };
  visit(pre);
  return text;
}

/** A backtick fence longer than any backtick run in `content`, so the content cannot close it early. */
export function codeFenceFor(content: string): string {
  let longestRun = 0;
  for (const run of content.match(/`+/g) ?? []) longestRun = Math.max(longestRun, run.length);
  return "`".repeat(Math.max(3, longestRun + 1));
}

/** A <pre> as a fenced block (nothing when it holds no code). */
export function fencedCodeBlock(pre: MdElement): string {
  const code = codeText(pre).replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
  if (code === "") return "";
  const fence = codeFenceFor(code);
  return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
}

/** Inline <code> (turndown's rule): a backtick delimiter longer than any run inside, padded when needed. */
export function inlineCode(content: string): string {
  if (!content) return "";
  const text = content.replace(/\r?\n|\r/g, " ");
  const extraSpace = /^`|^ .*?[^ ].* $|`$/.test(text) ? " " : "";
  let delimiter = "`";
  const runs: string[] = text.match(/`+/gm) ?? [];
  while (runs.includes(delimiter)) delimiter += "`";
  return delimiter + extraSpace + text + extraSpace + delimiter;
}
