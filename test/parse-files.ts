/**
 * Small office and e-book files written by hand for the parse tests (no copies of real documents): the zip
 * containers are built with fflate from XML written here, RTF and CSV as text.
 */
import { strToU8, zipSync } from "fflate";

// A `mimetype` entry is stored uncompressed, as the OpenDocument and EPUB containers require.
const zip = (files: Record<string, string>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([path, body]) => [
        path,
        path === "mimetype" ? [strToU8(body), { level: 0 }] : strToU8(body),
      ]),
    ),
  );

export const odt = () =>
  zip({
    mimetype: "application/vnd.oasis.opendocument.text",
    "meta.xml":
      `<office:document-meta><office:meta><dc:title>Keeper's log</dc:title></office:meta>` + `</office:document-meta>`,
    "content.xml":
      `<office:document-content><office:body><office:text>` +
      `<text:h text:outline-level="1">Harbour lights</text:h>` +
      `<text:p>The lamp at Søndre Å burns <text:span>paraffin</text:span>.<text:s text:c="2"/>Überprüft.</text:p>` +
      `<text:list><text:list-item><text:p>Trim the wick</text:p></text:list-item>` +
      `<text:list-item><text:p>Wind the clock</text:p></text:list-item></text:list>` +
      `<table:table><table:table-row><table:table-cell><text:p>Light</text:p></table:table-cell>` +
      `<table:table-cell><text:p>Range</text:p></table:table-cell></table:table-row>` +
      `<table:table-row><table:table-cell><text:p>灯台</text:p></table:table-cell>` +
      `<table:table-cell><text:p>24 nmi</text:p></table:table-cell></table:table-row></table:table>` +
      `<text:p><text:a xlink:href="https://example.org/keepers">Keepers' guild</text:a></text:p>` +
      `</office:text></office:body></office:document-content>`,
  });

export const xlsx = () =>
  zip({
    "xl/workbook.xml":
      `<workbook><sheets><sheet name="Lights" sheetId="1" r:id="rId1"/>` +
      `<sheet name="Crew" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    "xl/sharedStrings.xml":
      `<sst><si><t>Name</t></si><si><t>Range</t></si><si><t>Cap Fréhel</t></si>` +
      `<si><r><t>Bishop </t></r><r><t>Rock</t></r></si></sst>`,
    "xl/worksheets/sheet1.xml":
      `<worksheet><sheetData>` +
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>` +
      `<c r="C1" t="inlineStr"><is><t>Lit</t></is></c></row>` +
      `<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>29</v></c><c r="C2" t="b"><v>1</v></c></row>` +
      `<row r="3"><c r="A3" t="s"><v>3</v></c><c r="C3" t="b"><v>0</v></c></row>` +
      `</sheetData></worksheet>`,
    "xl/worksheets/sheet2.xml":
      `<worksheet><sheetData><row r="1"><c r="B1" t="inlineStr"><is><t>Grace Darling</t></is></c>` +
      `</row></sheetData></worksheet>`,
  });

export const pptx = () =>
  zip({
    "ppt/presentation.xml":
      `<p:presentation><p:sldIdLst><p:sldId id="256" r:id="rId7"/><p:sldId id="257" r:id="rId2"/>` +
      `</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels":
      `<Relationships><Relationship Id="rId2" Target="slides/slide1.xml"/>` +
      `<Relationship Id="rId7" Target="slides/slide2.xml"/></Relationships>`,
    // slide2.xml comes first in the presentation's order.
    "ppt/slides/slide2.xml":
      `<p:sld><p:cSld><p:spTree>` +
      `<p:sp><p:nvSpPr><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r>` +
      `<a:t>Fog signals</a:t></a:r></a:p></p:txBody></p:sp>` +
      `<p:sp><p:txBody><a:p><a:r><a:t>Horns sound </a:t></a:r><a:r><a:t>every 30 s.</a:t></a:r></a:p>` +
      `<a:p><a:r><a:t>Bells in calm weather.</a:t></a:r></a:p></p:txBody></p:sp>` +
      `</p:spTree></p:cSld></p:sld>`,
    "ppt/slides/slide1.xml":
      `<p:sld><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>Questions? Fragen?</a:t></a:r>` +
      `</a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
  });

export const epub = () =>
  zip({
    mimetype: "application/epub+zip",
    "META-INF/container.xml":
      `<container><rootfiles>` +
      `<rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/>` +
      `</rootfiles></container>`,
    "OEBPS/book.opf":
      `<package><metadata><dc:title>The Lamp Room</dc:title></metadata>` +
      `<manifest><item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>` +
      `<item id="c2" href="two%20b.xhtml" media-type="application/xhtml+xml"/></manifest>` +
      `<spine><itemref idref="c2"/><itemref idref="c1"/></spine></package>`,
    "OEBPS/one.xhtml": `<html><body><h1>Chapter two</h1><p>The keeper climbed 117 steps.</p></body></html>`,
    "OEBPS/two b.xhtml": `<html><body><h1>Chapter one</h1><p>Night fell on the île d'Ouessant.</p></body></html>`,
  });

export const rtf =
  String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Times;}}{\colortbl;\red0\green0\blue0;}` +
  String.raw`{\*\generator Hand 1.0;}{\info{\title Secret title}}` +
  String.raw`\pard Lighthouse \b keepers\b0  of Le Cr\'e9ac'h.\par` +
  String.raw`\pard The \i Fresnel\i0  lens \u8212? a marvel.\line Second line.\par` +
  String.raw`\trowd\pard\intbl Light\cell Range\cell\row\trowd\pard\intbl Ar-Men\cell 23 nmi\cell\row` +
  String.raw`\pard After the table.\par}`;

export const csv =
  'Name;Range;Note\r\nSkerryvore;"23";"Built 1844; ""tallest"" in Scotland"\r\nSmalls;25;"Two\nlines"\r\n';

/** An EPUB whose manifest names a chapter with a malformed percent-escape. */
export const badEpub = () =>
  zip({
    mimetype: "application/epub+zip",
    "META-INF/container.xml": `<container><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>`,
    "book.opf":
      `<package><manifest><item id="c1" href="one%E0%A4%A.xhtml"/></manifest>` +
      `<spine><itemref idref="c1"/></spine></package>`,
  });

/** A zip whose one entry claims to unpack to 2 GB: refused before anything is inflated. */
export function zipBomb(): Uint8Array {
  const bytes = zip({ mimetype: "application/epub+zip", "content.xml": "x" });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.length - 4; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, 0x7fffffff, true); // local header: uncompressed size
    if (signature === 0x02014b50) view.setUint32(i + 24, 0x7fffffff, true); // central directory: uncompressed size
  }
  return bytes;
}
