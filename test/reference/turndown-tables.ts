/**
 * REFERENCE ONLY (see turndown.ts). GFM tables with the first row as header, short rows padded; layout tables
 * (nested tables, a single cell) become plain blocks. Done here rather than with the GFM plugin's table rules (see
 * turndown-rules.ts).
 */
import type { DominoElement, DominoNode } from "@mixmark-io/domino";
import type TurndownService from "turndown";
import { asElement, elementChildren } from "./turndown-dom";

const TABLE_SECTIONS = new Set(["THEAD", "TBODY", "TFOOT"]);

function closestTable(node: DominoNode): DominoElement | null {
  for (let ancestor = node.parentNode; ancestor !== null; ancestor = ancestor.parentNode) {
    if (ancestor.nodeName === "TABLE") return ancestor as DominoElement;
  }
  return null;
}

function tableRows(table: DominoElement): DominoElement[] {
  const rows: DominoElement[] = [];
  for (const child of elementChildren(table)) {
    if (child.nodeName === "TR") rows.push(child);
    else if (TABLE_SECTIONS.has(child.nodeName))
      rows.push(...elementChildren(child).filter((row) => row.nodeName === "TR"));
  }
  return rows;
}

function rowCells(row: DominoElement): DominoElement[] {
  return elementChildren(row).filter((cell) => cell.nodeName === "TD" || cell.nodeName === "TH");
}

function columnSpan(cell: DominoElement): number {
  const span = Number.parseInt(cell.getAttribute("colspan") ?? "1", 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, 100) : 1;
}

/** Columns a row occupies, counting colspans. */
function rowWidth(row: DominoElement): number {
  return rowCells(row).reduce((sum, cell) => sum + columnSpan(cell), 0);
}

interface TableShape {
  /** Rendered as plain blocks instead of a Markdown table. */
  layout: boolean;
  columns: number;
  headerRow: DominoElement | null;
}

/** Computed once per table; every row and cell of it asks. */
const tableShapes = new WeakMap<DominoElement, TableShape>();

function tableShape(table: DominoElement): TableShape {
  let shape = tableShapes.get(table);
  if (shape === undefined) {
    const rows = tableRows(table);
    let columns = 0;
    for (const row of rows) columns = Math.max(columns, rowWidth(row));
    const singleCell = columns <= 1 && rows.length <= 1;
    const layout = singleCell || table.getElementsByTagName("table").length > 0;
    shape = { layout, columns, headerRow: rows[0] ?? null };
    tableShapes.set(table, shape);
  }
  return shape;
}

function isLayoutPart(node: DominoNode): boolean {
  const table = closestTable(node);
  return table === null || tableShape(table).layout;
}

const tableCell: TurndownService.Rule = {
  filter: ["th", "td"],
  replacement(content, node) {
    const cell = asElement(node);
    if (isLayoutPart(cell)) return `\n\n${content}\n\n`;
    const text = content
      .trim()
      .replace(/\s*\n\s*/g, "<br>")
      .replace(/\|/g, "\\|");
    return ` ${text} |` + "  |".repeat(columnSpan(cell) - 1);
  },
};

const tableRow: TurndownService.Rule = {
  filter: "tr",
  replacement(content, node) {
    const row = asElement(node);
    const table = closestTable(row);
    if (table === null || tableShape(table).layout) return `\n\n${content}\n\n`;
    const { columns, headerRow } = tableShape(table);
    const line = `\n|${content}${"  |".repeat(Math.max(0, columns - rowWidth(row)))}`;
    return row === headerRow ? `${line}\n|${" --- |".repeat(columns)}` : line;
  },
};

const tableSection: TurndownService.Rule = {
  filter: ["thead", "tbody", "tfoot"],
  replacement: (content) => content,
};

const tableParts: TurndownService.Rule = {
  filter: ["caption", "colgroup", "col"],
  replacement: () => "",
};

const table: TurndownService.Rule = {
  filter: "table",
  replacement(content, node) {
    const element = asElement(node);
    const shape = tableShape(element);
    if (shape.layout) return `\n\n${content}\n\n`;
    if (shape.columns === 0) return "";
    const caption =
      elementChildren(element)
        .find((child) => child.nodeName === "CAPTION")
        ?.textContent?.trim() ?? "";
    const rows = content.replace(/\n+/g, "\n").trim();
    return `\n\n${caption ? `${caption}\n\n` : ""}${rows}\n\n`;
  },
};

/** The table rules, in the order they are added (turndown gives later-added rules precedence). */
export const TABLE_RULES: Record<string, TurndownService.Rule> = {
  tableParts,
  tableSection,
  tableCell,
  tableRow,
  table,
};
