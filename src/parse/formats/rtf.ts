/**
 * Rich Text Format (.rtf) → HTML, read as a stream of control words and groups: paragraphs (`\par`), line breaks,
 * bold and italic runs, tables (`\cell`, `\row`), Unicode characters (`\uN` with its `\ucN` fallback skipped) and
 * code-page bytes (`\'hh`, in the document's `\ansicpg`, windows-1252 by default). Destinations that are not text —
 * font, colour and style tables, document info, pictures, objects, headers and footers, and every `\*` group — are
 * skipped.
 */
import { encodingFor } from "../../net/charset";
import { escapeHtml, htmlPage } from "./xml";

// prettier-ignore
const SKIPPED = new Set([
  "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "header", "headerl", "headerr", "headerf",
  "footer", "footerl", "footerr", "footerf", "themedata", "colorschememapping", "latentstyles", "datastore",
  "listtable", "listoverridetable", "rsidtbl", "generator", "xmlnstbl", "mmathPr", "fldinst", "filetbl",
]);
/** Windows code pages whose WHATWG names are not `windows-N`. */
const CODE_PAGES: Record<number, string> = { 932: "shift_jis", 936: "gbk", 949: "euc-kr", 950: "big5" };

interface State {
  skip: boolean;
  bold: boolean;
  italic: boolean;
  /** Characters a `\uN` is followed by for readers without Unicode. */
  uc: number;
}

export function rtfToHtml(rtf: string): string {
  let decoder = new TextDecoder("windows-1252");
  const stack: State[] = [];
  let state: State = { skip: false, bold: false, italic: false, uc: 1 };
  const blocks: string[] = [];
  let paragraph = "";
  let row: string[] = [];
  let table: string[] = [];
  let bytes: number[] = [];
  let pendingSkip = 0;
  let groupStart = false;

  // Text is gathered in runs of one style, written out when the style changes or the paragraph ends.
  let run = { text: "", bold: false, italic: false };
  const flushRun = () => {
    let html = escapeHtml(run.text);
    if (run.text.trim() && run.bold) html = `<strong>${html}</strong>`;
    if (run.text.trim() && run.italic) html = `<em>${html}</em>`;
    paragraph += html;
    run = { text: "", bold: state.bold, italic: state.italic };
  };
  const append = (value: string) => {
    if (run.bold !== state.bold || run.italic !== state.italic) flushRun();
    run.text += value;
  };
  const flushBytes = () => {
    if (bytes.length) append(decoder.decode(new Uint8Array(bytes)));
    bytes = [];
  };
  /** Markup (a line break, a cell end) after the text so far. */
  const emit = (html: string) => {
    flushBytes();
    flushRun();
    if (!state.skip) paragraph += html;
  };
  const endParagraph = () => {
    flushBytes();
    flushRun();
    if (paragraph.trim()) blocks.push(`<p>${paragraph.trim()}</p>`);
    paragraph = "";
  };
  const endTable = () => {
    if (table.length) blocks.push(`<table>${table.join("")}</table>`);
    table = [];
  };

  for (let i = 0; i < rtf.length; i++) {
    const c = rtf[i];
    if (c === "{") {
      flushBytes();
      stack.push(state);
      state = { ...state };
      groupStart = true;
      continue;
    }
    if (c === "}") {
      flushBytes();
      state = stack.pop() ?? state;
      groupStart = false;
      continue;
    }
    if (c === "\\") {
      const symbol = rtf[i + 1];
      if (symbol === "'") {
        const byte = parseInt(rtf.slice(i + 2, i + 4), 16);
        i += 3;
        if (pendingSkip > 0) pendingSkip--;
        else if (!state.skip && !Number.isNaN(byte)) bytes.push(byte);
        continue;
      }
      if (symbol === "*") {
        state.skip = true;
        i++;
        continue;
      }
      if (!/[a-zA-Z]/.test(symbol ?? "")) {
        i++;
        if (state.skip) continue;
        if (symbol === "~") append("\u00a0");
        else if (symbol === "\\" || symbol === "{" || symbol === "}") append(symbol);
        continue;
      }
      const match = /^([a-zA-Z]+)(-?\d+)? ?/.exec(rtf.slice(i + 1, i + 40))!;
      i += match[0].length;
      const [word, arg] = [match[1], match[2] === undefined ? undefined : Number(match[2])];
      const first = groupStart;
      groupStart = false;
      if (first && SKIPPED.has(word)) state.skip = true;
      if (word === "ansicpg" && arg)
        decoder = new TextDecoder(encodingFor(CODE_PAGES[arg] ?? `windows-${arg}`) ?? "windows-1252");
      else if (word === "uc" && arg !== undefined) state.uc = arg;
      else if (word === "u" && arg !== undefined) {
        flushBytes();
        if (!state.skip) append(String.fromCharCode(arg < 0 ? arg + 65536 : arg));
        pendingSkip = state.uc;
      } else if (word === "b") state.bold = arg !== 0;
      else if (word === "i") state.italic = arg !== 0;
      else if (word === "plain") Object.assign(state, { bold: false, italic: false });
      else if (word === "par" && !state.skip) endParagraph();
      else if (word === "line") emit("<br>");
      else if (word === "tab" && !state.skip) append("\t");
      else if (word === "cell" && !state.skip) {
        flushBytes();
        flushRun();
        row.push(`<td>${paragraph.trim()}</td>`);
        paragraph = "";
      } else if (word === "row" && !state.skip) {
        table.push(`<tr>${row.join("")}</tr>`);
        row = [];
      } else if (word === "pard" && table.length && !state.skip) {
        // A paragraph outside a table ends it (\intbl follows \pard for paragraphs inside one).
        if (!/^\s*\\intbl/.test(rtf.slice(i + 1, i + 12))) endTable();
      }
      continue;
    }
    if (c === "\r" || c === "\n") continue;
    groupStart = false;
    if (pendingSkip > 0) {
      pendingSkip--;
      continue;
    }
    if (state.skip) continue;
    flushBytes();
    append(c);
  }
  endParagraph();
  endTable();
  return htmlPage(blocks.join(""));
}
