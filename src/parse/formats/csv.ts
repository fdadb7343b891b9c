/**
 * Comma-separated values (.csv) → an HTML table, the first row as its header. Fields are read as RFC 4180 writes
 * them (double quotes around fields holding the separator, quotes or line breaks; `""` for a quote); the separator
 * is the one of `,`, `;` and tab that the first line uses most.
 */
import { escapeHtml, htmlPage } from "./xml";

const MAX_ROWS = 5_000;

export function csvToHtml(csv: string): string {
  const firstLine = csv.slice(0, csv.search(/\r?\n|$/));
  const separator = [",", ";", "\t"].reduce((best, s) =>
    firstLine.split(s).length > firstLine.split(best).length ? s : best,
  );
  const rows = parseCsv(csv, separator).slice(0, MAX_ROWS);
  const html = rows.map((row, i) => {
    const tag = i === 0 ? "th" : "td";
    return `<tr>${row.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join("")}</tr>`;
  });
  return htmlPage(`<table>${html.join("")}</table>`);
}

export function parseCsv(csv: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.length > 1 || r[0] !== "");
}
