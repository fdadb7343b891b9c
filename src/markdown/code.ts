/**
 * Code in Markdown: fenced blocks for <pre> with the language the page names, and the fence length that code needs.
 * The language is read, nearest first, from the <code>, the <pre> and the two elements around it:
 * - `language-*` / `lang-*` classes (Prism and highlight.js; Prism lets a wrapper name the language for what it holds),
 *   `data-lang` / `data-language` — on a wrapper only a known language's name, since there such classes also name the
 *   page's language ("lang-en") or a menu — and SyntaxHighlighter's "brush: js" and GitHub's div.highlight-source-*;
 * - Sphinx's div.highlight-* around its div.highlight (Python's, Django's, Read the Docs' pages);
 * - a class naming a language on the <pre> or <code> itself, alone or as a name's last part ("rust" from rustdoc,
 *   "gatsby-code-jsx"), from a list of well-known languages only, since such a class could mean anything else.
 */
import { elementsOf, type MdElement, type MdNode } from "./view";

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i;
const HIGHLIGHT_CLASS = /(?:^|\s)highlight-(?:source|text)-([\w#+.-]+)/i;
/** SyntaxHighlighter's convention, still used by documentation sites: class="brush: js". */
const BRUSH_CLASS = /(?:^|\s)brush:\s*([\w#+.-]+)/i;
/** Sphinx: div.highlight-python3 > div.highlight > pre ("default" and "none" name no language). */
const SPHINX_CLASS = /(?:^|\s)highlight-([\w#+.-]+)/i;
const SPHINX_NO_LANGUAGE = new Set(["default", "none"]);
/** Languages a bare class word on a <pre> or <code> is taken for (none that is also an everyday word or a letter). */
// prettier-ignore
const LANGUAGE_WORDS = new Set([
  "bash", "clojure", "cpp", "csharp", "css", "dart", "diff", "dockerfile", "elixir", "erlang", "fsharp", "golang",
  "graphql", "haskell", "hcl", "html", "java", "javascript", "json", "jsx", "julia", "kotlin", "lua", "makefile",
  "markdown", "ocaml", "perl", "php", "powershell", "protobuf", "python", "ruby", "rust", "scala", "scss", "solidity",
  "sql", "swift", "toml", "tsx", "typescript", "xml", "yaml", "zsh",
]);
/**
 * Short names and tool languages a wrapper's `language-*` / `lang-*` class is taken for, besides the words above. A
 * wrapper's class of that form names other things too: the page's human language ("lang-en"), a language menu
 * ("language-selector", "language-name").
 */
// prettier-ignore
const WRAPPER_LANGUAGES = new Set([
  "c", "go", "js", "ts", "py", "rb", "rs", "kt", "sh", "shell", "console", "text", "plaintext", "yml", "python3",
]);
/** Language names a page may spell with a version. */
const LANGUAGE_ALIASES: Record<string, string> = { python3: "python", py3: "python" };

function hasClass(element: MdElement | null, name: string): boolean {
  return element !== null && (element.attrs.class ?? "").split(/\s+/).includes(name);
}

/** A class word of a <pre> or <code> naming a well-known language, alone or as the last part of a longer name. */
function languageWord(className: string): string | null {
  for (const word of className.toLowerCase().split(/\s+/)) {
    const last = word.slice(word.lastIndexOf("-") + 1);
    if (LANGUAGE_WORDS.has(last)) return last;
  }
  return null;
}

/**
 * The language an element's attributes declare. Highlighters' own classes (GitHub's, SyntaxHighlighter's) name one
 * wherever they stand; a wrapper's `language-*`, `lang-*` or `data-lang` counts only when it is a known language's
 * name.
 */
function declaredLanguage(element: MdElement, wrapper: boolean): string | null {
  const className = element.attrs.class ?? "";
  const highlighter = HIGHLIGHT_CLASS.exec(className) ?? BRUSH_CLASS.exec(className);
  if (highlighter) return highlighter[1].toLowerCase();
  const declared =
    LANGUAGE_CLASS.exec(className)?.[1] ?? (element.attrs["data-lang"] ?? element.attrs["data-language"])?.trim();
  if (!declared || !/^[\w#+.-]+$/.test(declared)) return null;
  const lowered = declared.toLowerCase();
  return !wrapper || LANGUAGE_WORDS.has(lowered) || WRAPPER_LANGUAGES.has(lowered) ? lowered : null;
}

function codeLanguage(pre: MdElement): string {
  const first = elementsOf(pre)[0];
  const code = first?.name === "code" ? first : null;
  const parent = pre.parent;
  const grandparent = parent?.parent ?? null;
  let language: string | null = null;
  for (const element of [code, pre, parent, grandparent]) {
    language = element === null ? null : declaredLanguage(element, element === parent || element === grandparent);
    if (language !== null) break;
  }
  if (language === null && grandparent !== null && hasClass(parent, "highlight")) {
    const sphinx = SPHINX_CLASS.exec(grandparent.attrs.class ?? "")?.[1].toLowerCase();
    if (sphinx !== undefined && !SPHINX_NO_LANGUAGE.has(sphinx)) language = sphinx;
  }
  language ??= (code !== null ? languageWord(code.attrs.class ?? "") : null) ?? languageWord(pre.attrs.class ?? "");
  return language === null ? "" : (LANGUAGE_ALIASES[language] ?? language);
}

const LINE_LIKE_ELEMENTS = new Set(["div", "p", "li", "tr"]);
/**
 * Class names highlighters give the element wrapping each line of code (Shiki's "line", Prism's "token-line",
 * Expressive Code's "ec-line", gatsby-remark-prismjs's highlighted lines). Most print a newline between the lines
 * too; some leave the break to their stylesheet (`.line { display: block }`), and the program would come out on one
 * line.
 */
const LINE_CLASSES = new Set(["line", "code-line", "token-line", "ec-line", "gatsby-highlight-code-line"]);

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
  const code = codeText(pre)
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
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
