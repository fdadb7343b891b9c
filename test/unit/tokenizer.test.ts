/**
 * tokenizer.ts against its reference, htmlparser2's `Tokenizer` (what tag-events.ts read pages with before) in the
 * same mode: the same calls, in the same order, with the same offsets — on markup written to reach each state and
 * each way out of it, and on generated strings of tag, comment, raw-text and quote fragments (how the rewrite was
 * checked: 0 differences on 300,000 such strings and on all 1,497 WCXB development pages).
 */
import { Tokenizer } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/dom/tokenizer";
import type { TokenEvents } from "../../src/dom/tokenizer-states";

/** Every call as a line; `isInForeignContext` answers from the events so far, the same way for both tokenizers. */
function recorder(): { events: TokenEvents; calls: string[] } {
  const calls: string[] = [];
  let opened = 0;
  const record =
    (name: string) =>
    (...args: number[]) => {
      if (name === "onopentagname") opened++;
      calls.push(`${name}(${args.join(",")})`);
    };
  const events = {
    isInForeignContext: () => {
      calls.push("isInForeignContext");
      return opened % 3 === 1;
    },
    ontext: record("ontext"),
    onopentagname: record("onopentagname"),
    onattribname: record("onattribname"),
    onattribdata: record("onattribdata"),
    onattribend: record("onattribend"),
    onopentagend: record("onopentagend"),
    onselfclosingtag: record("onselfclosingtag"),
    onclosetag: record("onclosetag"),
    oncomment: record("oncomment"),
    oncdata: record("oncdata"),
    ondeclaration: record("ondeclaration"),
    onend: record("onend"),
  };
  return { events, calls };
}

function ours(html: string): string[] {
  const { events, calls } = recorder();
  tokenize(html, events);
  return calls;
}

function reference(html: string): string[] {
  const { events, calls } = recorder();
  // htmlparser2 declares its own QuoteType: the same numbers under another type.
  const callbacks = {
    ...events,
    ontextentity: () => calls.push("ontextentity"),
    onattribentity: () => calls.push("onattribentity"),
    onprocessinginstruction: () => calls.push("onprocessinginstruction"),
  } as unknown as ConstructorParameters<typeof Tokenizer>[1];
  const tokenizer = new Tokenizer({ decodeEntities: false, recognizeSelfClosing: false }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return calls;
}

const SAMPLES: Record<string, string> = {
  "text, tags and attributes of every quoting": `a<div class="x y" id=z data-q='w' hidden>b</div >c`,
  "a tag or attribute cut off by the end": `<p>text<a href="/x`,
  "an unquoted value, a self-closing slash, stray slashes": `<img src=a.png / alt=b/><br/ ><x / y>`,
  "names and values at the very end": `<div a`,
  "an end tag cut off, and after a self-closing slash": `<p>x</p`,
  "raw text, in any case, with false ends": `<script>a</scr</script x><STYLE>b</stylex</style><title>c</title>`,
  "textarea, noembed, noframes, xmp, iframe, plaintext":
    `<textarea>t</textarea><noembed>n</noembed><noframes>f</noframes><xmp>x</xmp><iframe>i</iframe>` +
    `<plaintext>rest <b>`,
  "comments: normal, abrupt, with --!>, unclosed": `<!--a--><!-->b<!--->c<!--d--!>e<!--f-->g<!--open`,
  "doctype, bogus comments, processing instructions": `<!DOCTYPE html><!x><!d><!doc x><?xml?><!-x></ y></>`,
  "CDATA, closed and open": `<svg><![CDATA[x<y]]></svg><![CDATA[open`,
  "control characters that read as < and / in raw text": "<script>a\u001c\u000fscript>b</script>",
  "a lone < and a < before a digit or space": `1 < 2 <3 <>x</ >`,
  "text beyond Latin-1": `<p title="naïve “quote”">日本語 😀</p>`,
};

/** Strings of fragments chosen to reach every state and its exits, from a fixed seed. */
function generated(count: number): string[] {
  // prettier-ignore
  const fragments = [
    "<", ">", "</", "<!", "<!--", "-->", "--!>", "-", "!", "]]>", "]", "<![CDATA[", "<!doctype", "<?", "script",
    "style", "title", "textarea", "plaintext", "noembed", "noframes", "iframe", "xmp", "SCRIPT", "</script",
    "</style>", "=", '"', "'", " ", "\n", "/", "a", "div", "x=y", "\u001c", "\u000f", "&amp;", "é", "😀", "<a",
    "<p>", "</p>", "<script>", "</script>", "<title>", "<svg>", "<br/>", "s", "t", "n", "<1", "< ", "<>", "</>",
    "<!->", "<!--->", "<!-->", "<!d", "[", "\r", "\f",
  ];
  let seed = 20261202;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  return Array.from({ length: count }, () => {
    let html = "";
    const length = 1 + Math.floor(random() * 30);
    for (let k = 0; k < length; k++) html += fragments[Math.floor(random() * fragments.length)];
    return html;
  });
}

describe("tokenize", () => {
  for (const [name, html] of Object.entries(SAMPLES)) {
    it(`gives htmlparser2 Tokenizer's calls: ${name}`, () => {
      expect(ours(html)).toEqual(reference(html));
    });
  }

  it("gives htmlparser2 Tokenizer's calls on 5,000 generated strings", () => {
    const differing = generated(5_000).filter((html) => ours(html).join("|") !== reference(html).join("|"));
    expect(differing).toEqual([]);
  });

  it("gives a construct cut off after a self-closing slash as its last character", () => {
    expect(ours(`<a/`)).toEqual(["isInForeignContext", "onopentagname(1,2)", "ontext(-1,3)", "onend()"]);
  });
});
