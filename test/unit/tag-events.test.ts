/**
 * tag-events.ts against its reference, htmlparser2's own Parser (what parse.ts used before): the same start, end
 * and text events for markup that exercises each implied-tag rule, except the one rule that differs on purpose
 * (`</body>` and `</html>` close nothing).
 */
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { tokenizePage } from "../../src/dom/tag-events";

function events(html: string): string[] {
  const out: string[] = [];
  tokenizePage(html, {
    open: (name, attrs) =>
      out.push(
        `<${name}${Object.entries(attrs)
          .map(([k, v]) => ` ${k}=${JSON.stringify(v)}`)
          .join("")}>`,
      ),
    close: () => out.push("</>"),
    text: (data) => out.push(JSON.stringify(data)),
  });
  return out;
}

function reference(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attrs) =>
        out.push(
          `<${name}${Object.entries(attrs)
            .map(([k, v]) => ` ${k}=${JSON.stringify(v)}`)
            .join("")}>`,
        ),
      onclosetag: () => out.push("</>"),
      ontext: (data) => out.push(JSON.stringify(data)),
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.end(html);
  return out;
}

const SAMPLES: Record<string, string> = {
  "void elements and a stray </br>": `<p>a<br>b<img SRC="x.png" alt=y><hr/>c</br>d<input type=text></p>`,
  "implied ends of p, li, dd/dt, headings":
    `<p>one<p>two<div>three</div><ul><li>a<li>b</ul><dl>` + `<dt>t<dd>d<dt>u</dl><h1>x<h2>y</h2>`,
  "tables: tr, td, th, thead, tbody":
    `<table><thead><tr><th>h<th>i<tbody><tr>` + `<td>1<td>2<tr><td>3<tfoot><tr><td>f</table>`,
  "form controls and options": `<select><option>a<option>b<optgroup><option>c</select><button>x<input>`,
  "a stray </p> and an end tag nothing opened": `<div>text</p>more</span></div>`,
  "a second form is ignored": `<form id=a><input><form id=b><input></form>after</form>`,
  "end tag closes what is open above it": `<div><span><b>bold</div>after`,
  "svg casing, self-closing inside svg, \
foreignObject":
    `<svg viewBox="0 0 1 1"><clipPath id=c /><linearGradient/><foreignObject>` +
    `<p>html</p></foreignObject><path d=""/></svg><p>out</p>`,
  "image is img outside svg, CDATA is text only in foreign \
content": `<image src=a><svg><![CDATA[x<y]]><image href=b /></svg>` + `<![CDATA[gone]]><math><mi>x</mi></math>`,
  "attributes: case, duplicates, no value, entities left \
encoded": `<a HREF="/x?a=1&amp;b=2" href="/second" ` + `data-X='q' hidden>link</a>`,
  "raw text elements":
    `<script>if (a < b && c > d) { x = "</div>"; }</script><style>p > a ` +
    `{}</style><textarea><b>t</b></textarea><title>a<b</title>`,
  "comments, doctype, processing instructions": `<!DOCTYPE html><!-- c <p> --><?xml version="1.0"?><p>x</p>`,
  "unclosed at the end": `<div><p><span>open`,
  "rt and rp": `<ruby>漢<rp>(<rt>kan<rp>)</ruby>`,
  "body in head closes head, link, script": `<html><head><link rel=x><body><p>a</p>`,
};

describe("tokenizePage", () => {
  for (const [name, html] of Object.entries(SAMPLES)) {
    it(`gives htmlparser2 Parser's events: ${name}`, () => {
      expect(events(html)).toEqual(reference(html));
    });
  }

  it("lets </body> and </html> close nothing, where Parser closes every open element", () => {
    const html = `<body><ol><li>a</body></html><li>b</ol>`;
    expect(events(html)).toEqual([`<body>`, `<ol>`, `<li>`, `"a"`, `</>`, `<li>`, `"b"`, `</>`, `</>`, `</>`]);
    expect(reference(html)).not.toEqual(events(html));
  });
});
