/**
 * The XML of office and e-book containers read as a stream of events (htmlparser2 in XML mode), and the HTML the
 * converters write: names keep their prefix (`text:p`, `a:t`), attributes are given as written.
 */
import { Parser } from "htmlparser2";

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

export function readXml(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(name, attributes),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(name),
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** A complete page around converted content, with the file's title when it has one. */
export function htmlPage(body: string, title?: string): string {
  const head = `<meta charset="utf-8">${title ? `<title>${escapeHtml(title)}</title>` : ""}`;
  return `<!doctype html><html><head>${head}</head><body><main>${body}</main></body></html>`;
}
