/**
 * net/charset.ts: which encoding a document is decoded in, and why — byte-order mark, header label, meta prescan,
 * XML declaration, UTF-16's pattern, strict UTF-8, detection, windows-1252. Also sitemaps and feeds read through
 * discoverSitemapUrls in their own encodings. (Whole pages through /v2/scrape: test/integration/charsets.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { decodeDocument, encodingFor, headerCharset } from "../../src/net/charset";
import { discoverSitemapUrls, type SitemapResponse } from "../../src/net/sitemap";

/** Text whose characters are all below U+0100 as ISO-8859-1 bytes (one byte each). */
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    out[2 * i] = text.charCodeAt(i) & 0xff;
    out[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return out;
};
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const html = (head: string, body = "<p>café crème</p>") =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("labels", () => {
  it("reads the header's charset quoted or not, and resolves any label of the Encoding Standard", () => {
    expect(headerCharset("text/html; charset=ISO-8859-2")).toBe("ISO-8859-2");
    expect(headerCharset('text/html; charset="shift_jis"')).toBe("shift_jis");
    expect(headerCharset("text/html;charset='windows-1250'; q=1")).toBe("windows-1250");
    expect(headerCharset("text/html")).toBeUndefined();
    expect(encodingFor("ANSI_X3.4-1968")).toBe("windows-1252");
    expect(encodingFor("latin1")).toBe("windows-1252");
    expect(encodingFor(" Shift_JIS ")).toBe("shift_jis");
    expect(encodingFor("x-user-defined")).toBe("windows-1252");
    expect(encodingFor("x-no-such-charset")).toBeNull();
    expect(encodingFor("iso-2022-kr")).toBeNull(); // the "replacement" encoding
  });
});

describe("decodeDocument", () => {
  it("lets a byte-order mark win over the header", () => {
    const page = join(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(html("", "<p>Ångström</p>")));
    const decoded = decodeDocument(page, "text/html; charset=windows-1252", "html");
    expect(decoded).toMatchObject({ encoding: "utf-8", source: "bom" });
    expect(decoded.text).toContain("Ångström");
    expect(decoded.text.startsWith("<!doctype")).toBe(true);
  });

  it("takes a header label when it names an encoding, and passes an unknown one over to the meta tag", () => {
    const page = latin1(html('<meta charset="windows-1252">'));
    expect(decodeDocument(page, "text/html; charset=ANSI_X3.4-1968", "html")).toMatchObject({
      encoding: "windows-1252",
      source: "header",
    });
    const unknown = decodeDocument(page, "text/html; charset=x-unknown", "html");
    expect(unknown).toMatchObject({ encoding: "windows-1252", source: "declaration" });
    expect(unknown.text).toContain("café crème");
  });

  it(
    "prescans meta tags: charset, http-equiv, comments skipped, " + "unknown labels passed over, UTF-16 read as UTF-8",
    () => {
      const l2 = latin1(
        html(
          '<!-- <meta charset="koi8-r"> --><meta charset="bogus"><meta ' +
            'http-equiv="Content-Type" content="text/html; charset=iso-8859-2">',
        ),
      );
      expect(decodeDocument(l2, "text/html", "html")).toMatchObject({ encoding: "iso-8859-2", source: "declaration" });
      const unquoted = latin1(html("<meta content='text/html;charset=windows-1250' http-equiv=content-type>"));
      expect(decodeDocument(unquoted, "", "html").encoding).toBe("windows-1250");
      const sixteen = utf8(html('<meta charset="utf-16">', "<p>naïve</p>"));
      expect(decodeDocument(sixteen, "text/html", "html")).toMatchObject({
        encoding: "utf-8",
        source: "declaration",
        text: expect.stringContaining("naïve"),
      });
      // A meta tag means nothing in a plain-text document.
      expect(decodeDocument(l2, "text/plain", "text").source).not.toBe("declaration");
    },
  );

  it("reads an XML declaration's encoding", () => {
    const feed = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Fête</title></channel></rss>');
    const decoded = decodeDocument(feed, "application/rss+xml", "xml");
    expect(decoded).toMatchObject({ encoding: "windows-1252", source: "declaration" });
    expect(decoded.text).toContain("<title>Fête</title>");
  });

  it("recognises UTF-16 without a mark by its zero bytes", () => {
    const page = utf16le(html("", "<p>Kraków — 東京</p>"));
    expect(decodeDocument(page, "text/html", "html")).toMatchObject({
      encoding: "utf-16le",
      source: "pattern",
      text: expect.stringContaining("Kraków — 東京"),
    });
  });

  it("keeps valid UTF-8 (a sequence cut off by a size limit included) and detects legacy text otherwise", () => {
    const cut = utf8("<p>déjà vu €</p>").slice(0, -6); // ends inside the euro sign's three bytes
    expect(decodeDocument(cut, "text/html", "html")).toMatchObject({
      encoding: "utf-8",
      source: "utf-8",
      text: "<p>déjà vu ",
    });
    // Shift_JIS bytes of 日本語のページです。今日は晴れです。, no declaration anywhere.
    const sjis = new Uint8Array([
      0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x79, 0x81, 0x5b, 0x83, 0x57, 0x82, 0xc5, 0x82, 0xb7, 0x81,
      0x42, 0x8d, 0xa1, 0x93, 0xfa, 0x82, 0xcd, 0x90, 0xb0, 0x82, 0xea, 0x82, 0xc5, 0x82, 0xb7, 0x81, 0x42,
    ]);
    const page = join(latin1("<html><body><p>"), sjis, sjis, sjis, latin1("</p></body></html>"));
    const decoded = decodeDocument(page, "text/html", "html");
    expect(decoded).toMatchObject({ encoding: "shift_jis", source: "detected" });
    expect(decoded.text).toContain("日本語のページです。今日は晴れです。");
  });
});

describe("sitemaps and feeds in their own encodings", () => {
  const respond = (body: Uint8Array, contentType: string): SitemapResponse => ({ status: 200, body, contentType });
  const discover = (site: Record<string, SitemapResponse>) =>
    discoverSitemapUrls("https://example.com/", {
      fetcher: async (url) => site[url] ?? { status: 404, body: new Uint8Array(), contentType: "text/plain" },
      robotsSitemaps: Object.keys(site),
    });

  it(
    "reads an ISO-8859-1 feed by its XML declaration, a windows-1252 " +
      "sitemap by its header and a UTF-16 one by its mark",
    async () => {
      const feed =
        '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><item>' +
        "<title>Entrée</title><link>https://example.com/café</link></item></channel></rss>";
      const sitemap =
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url>' +
        "<loc>https://example.com/über</loc></url></urlset>";
      const sixteen =
        '<?xml version="1.0" encoding="UTF-16"?><urlset><url><loc>https://example.com/łódź</loc></url></urlset>';
      const result = await discover({
        "https://example.com/feed.xml": respond(latin1(feed), "application/rss+xml"),
        "https://example.com/sitemap-1252.xml": respond(latin1(sitemap), "application/xml; charset=windows-1252"),
        "https://example.com/sitemap-16.xml": respond(
          join(new Uint8Array([0xff, 0xfe]), utf16le(sixteen)),
          "application/xml",
        ),
      });
      expect(result.errors).toEqual([]);
      expect(result.urls.map((u) => u.loc).sort()).toEqual(
        [
          "https://example.com/caf%C3%A9",
          "https://example.com/%C3%BCber",
          "https://example.com/%C5%82%C3%B3d%C5%BA",
        ].sort(),
      );
      expect(result.urls.find((u) => u.loc.endsWith("caf%C3%A9"))?.title).toBe("Entrée");
    },
  );
});
