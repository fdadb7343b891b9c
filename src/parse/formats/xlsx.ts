/**
 * Excel workbooks (.xlsx) → HTML: each sheet, in the workbook's order, as a heading with its name and a table.
 * Cells are placed by their reference (`B3`), so empty cells stay empty; shared strings, inline strings, numbers,
 * booleans and formula results are written as Excel stores them (numbers unformatted).
 */
import { escapeHtml, htmlPage, readXml } from "./xml";
import { text, unreadable, unzip } from "./zip";

/** Rows and columns of one sheet written at most (a larger sheet is cut there; docs/api.md says so). */
const MAX_ROWS = 5_000;
const MAX_COLUMNS = 200;

export function xlsxToHtml(filename: string, bytes: Uint8Array): string {
  const entries = unzip(filename, bytes, (path) => path.startsWith("xl/"));
  const sheets = workbookSheets(text(entries["xl/workbook.xml"]), text(entries["xl/_rels/workbook.xml.rels"]));
  if (!sheets.length) throw unreadable(filename, "it has no worksheets (not an Excel workbook)");
  const shared = sharedStrings(text(entries["xl/sharedStrings.xml"]));
  const body = sheets.map(({ name, path }) => `<h2>${escapeHtml(name)}</h2>${sheetTable(text(entries[path]), shared)}`);
  return htmlPage(body.join(""));
}

function workbookSheets(workbook: string, rels: string): { name: string; path: string }[] {
  const targets = new Map<string, string>();
  readXml(rels, {
    open: (name, a) => {
      if (name === "Relationship" && a.Id && a.Target) targets.set(a.Id, `xl/${a.Target.replace(/^\/?xl\//, "")}`);
    },
  });
  const sheets: { name: string; path: string }[] = [];
  readXml(workbook, {
    open: (name, a) => {
      const path = name === "sheet" ? targets.get(a["r:id"]) : undefined;
      if (path) sheets.push({ name: a.name ?? path, path });
    },
  });
  return sheets;
}

function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  readXml(xml, {
    open: (name) => {
      if (name === "si") current = [];
      if (name === "t") inText = true;
    },
    text: (value) => {
      if (inText) current?.push(value);
    },
    close: (name) => {
      if (name === "t") inText = false;
      if (name === "si" && current) strings.push(current.join(""));
    },
  });
  return strings;
}

/** "BC12" → column 54 (0-based), or -1. */
function columnOf(reference: string | undefined): number {
  const letters = /^[A-Z]+/.exec(reference ?? "")?.[0];
  if (!letters) return -1;
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

function sheetTable(xml: string, shared: string[]): string {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cell: { column: number; type: string; parts: string[] } | null = null;
  let inValue = false;
  readXml(xml, {
    open(name, a) {
      if (name === "row") row = [];
      if (name === "c" && row) cell = { column: columnOf(a.r), type: a.t ?? "n", parts: [] };
      if (name === "v" || name === "t") inValue = true;
    },
    text: (value) => {
      if (inValue) cell?.parts.push(value);
    },
    close(name) {
      if (name === "v" || name === "t") inValue = false;
      if (name === "c" && row && cell) {
        const raw = cell.parts.join("");
        const value =
          cell.type === "s" ? (shared[Number(raw)] ?? "") : cell.type === "b" ? (raw === "1" ? "TRUE" : "FALSE") : raw;
        const column = cell.column >= 0 ? cell.column : row.length;
        if (column < MAX_COLUMNS) row[column] = value;
        cell = null;
      }
      if (name === "row" && row) {
        if (rows.length < MAX_ROWS) rows.push(row);
        row = null;
      }
    },
  });
  const width = Math.max(0, ...rows.map((r) => r.length));
  const html = rows.map((r, i) => {
    const tag = i === 0 ? "th" : "td";
    const cells = Array.from({ length: width }, (_, c) => `<${tag}>${escapeHtml(r[c] ?? "")}</${tag}>`);
    return `<tr>${cells.join("")}</tr>`;
  });
  return `<table>${html.join("")}</table>`;
}
