/**
 * GFM tables. Tables are done here rather than with turndown's GFM plugin because that plugin keeps any table
 * holding a list, heading or code block as raw HTML and gives tables without a header row an empty one; for
 * scraped pages a Markdown table with the first row as header reads better. Layout tables (nested tables, a cell
 * holding a section: a heading and paragraphs, a single cell) become plain blocks.
 */
import { closest, elementsOf, textContent, type MdElement } from "./view";

const TABLE_SECTIONS = new Set(["thead", "tbody", "tfoot"]);

interface TableShape {
  /** Rendered as plain blocks instead of a Markdown table. */
  layout: boolean;
  columns: number;
  headerRow: MdElement | null;
}

/** Computed once per table; every row and cell of it asks. */
const shapes = new WeakMap<MdElement, TableShape>();

function tableRows(table: MdElement): MdElement[] {
  const rows: MdElement[] = [];
  for (const child of elementsOf(table)) {
    if (child.name === "tr") rows.push(child);
    else if (TABLE_SECTIONS.has(child.name)) for (const row of elementsOf(child)) if (row.name === "tr") rows.push(row);
  }
  return rows;
}

function rowCells(row: MdElement): MdElement[] {
  return elementsOf(row).filter((cell) => cell.name === "td" || cell.name === "th");
}

function columnSpan(cell: MdElement): number {
  const span = Number.parseInt(cell.attrs.colspan ?? "1", 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, 100) : 1;
}

/** Columns a row occupies, counting colspans. */
function rowWidth(row: MdElement): number {
  return rowCells(row).reduce((sum, cell) => sum + columnSpan(cell), 0);
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Paragraphs under a heading in one cell that make it a page's section rather than a titled cell of data. */
const LAYOUT_CELL_PARAGRAPHS = 2;

/** Whether the table holds another table, or a cell holding a heading with paragraphs under it. */
function holdsTable(element: MdElement): boolean {
  for (const child of element.children) {
    if (child.kind !== 1) continue;
    if (
      child.name === "table" ||
      (child.name === "td" || child.name === "th" ? isSectionCell(child) : holdsTable(child))
    )
      return true;
  }
  return false;
}

/**
 * A cell holding a heading and paragraphs: a page laid out in a grid's cell (its title and sections in it), which a
 * Markdown table would flatten to one line, its paragraphs joined by <br>. A data table's cell holds a value, or at
 * most a titled note; a comparison table's title row is a heading alone.
 */
function isSectionCell(cell: MdElement): boolean {
  let headings = 0;
  let paragraphs = 0;
  const visit = (element: MdElement): boolean => {
    for (const child of element.children) {
      if (child.kind !== 1) continue;
      if (child.name === "table") return true;
      if (HEADINGS.has(child.name)) headings++;
      else if (child.name === "p") paragraphs++;
      if (visit(child)) return true;
    }
    return false;
  };
  return visit(cell) || (headings > 0 && paragraphs >= LAYOUT_CELL_PARAGRAPHS);
}

function tableShape(table: MdElement): TableShape {
  let shape = shapes.get(table);
  if (shape === undefined) {
    const rows = tableRows(table);
    let columns = 0;
    for (const row of rows) columns = Math.max(columns, rowWidth(row));
    const singleCell = columns <= 1 && rows.length <= 1;
    shape = { layout: singleCell || holdsTable(table), columns, headerRow: rows[0] ?? null };
    shapes.set(table, shape);
  }
  return shape;
}

/** The shape of the data table `node` belongs to; null outside a table or in a layout table. */
function dataTableShape(node: MdElement): TableShape | null {
  const table = closest(node, "table");
  if (table === null) return null;
  const shape = tableShape(table);
  return shape.layout ? null : shape;
}

export function tableCell(content: string, cell: MdElement): string {
  if (dataTableShape(cell) === null) return `\n\n${content}\n\n`;
  const text = content
    .trim()
    .replace(/(?!(?<=\s)\s)\s*\n\s*/g, "<br>")
    .replace(/\|/g, "\\|");
  return ` ${text} |` + "  |".repeat(columnSpan(cell) - 1);
}

export function tableRow(content: string, row: MdElement): string {
  const shape = dataTableShape(row);
  if (shape === null) return `\n\n${content}\n\n`;
  const line = `\n|${content}${"  |".repeat(Math.max(0, shape.columns - rowWidth(row)))}`;
  return row === shape.headerRow ? `${line}\n|${" --- |".repeat(shape.columns)}` : line;
}

export function table(content: string, element: MdElement): string {
  const shape = tableShape(element);
  if (shape.layout) return `\n\n${content}\n\n`;
  if (shape.columns === 0) return "";
  const caption = elementsOf(element).find((child) => child.name === "caption");
  const captionText = caption ? textContent(caption).trim() : "";
  const rows = content.replace(/\n+/g, "\n").trim();
  return `\n\n${captionText ? `${captionText}\n\n` : ""}${rows}\n\n`;
}
