/**
 * Main-content extraction on small hand-written pages: a story's "Read more: <headline>" lines pointing to other
 * stories, src/main-content/read-more-links.ts. The pages are built from main-content-site.ts.
 */
import { describe, expect, it } from "vitest";
import { extract, sentence, siteFooter, siteHeader } from "./main-content-site";

describe("read-more lines", () => {
  const story = (between: string) =>
    `${siteHeader}<main><article><h1>The lens comes back</h1><p>${sentence("lens")}</p>${between}` +
    `<p>${sentence("brass frame")}</p><p>Read more about the restoration in <a href="/restoration">our \
explainer on the lens</a>.</p></article></main>${siteFooter}`;

  it("drops a label and a linked headline between paragraphs, in the shapes stories set them", () => {
    const lines = [
      `<p><strong>Read more:</strong> <a href="/a">Five harbours worth a visit</a></p>`,
      `<h4>RELATED: <a href="/b">The last keeper of the north pier</a></h4>`,
      `<ul><li><b>See also:</b>&nbsp; <a href="/c">A short history of fog signals</a></li></ul>`,
      `<blockquote><strong>Read:</strong> <a href="/d"><strong>How the ferry timetable changed</strong></a>\
</blockquote>`,
      `<div><strong>Related:</strong> <a href="/e">Storm season</a><br><b>Related:</b> <a href="/f">Tides</a></div>`,
    ];
    const text = extract(story(lines.join(""))).text;
    expect(text).toContain("The brass frame was checked");
    for (const gone of ["Five harbours", "north pier", "fog signals", "ferry timetable", "Storm season", "Tides"])
      expect(text).not.toContain(gone);
    for (const gone of ["Read more:", "RELATED", "See also", "Related:"]) expect(text).not.toContain(gone);
  });

  it("keeps a sentence that links elsewhere, a label alone over its list, and a headline not all link", () => {
    const between =
      `<p>See also: the keeper's own notes, which <a href="/notes">the museum</a> keeps in its archive.</p>` +
      `<p><strong>Read more:</strong></p><ul><li>The lamp was lit at dusk every day of the year.</li>\
<li>The log was kept in ink.</li></ul>`;
    const text = extract(story(between)).text;
    for (const kept of ["the keeper's own notes", "Read more:", "The lamp was lit at dusk", "our explainer"])
      expect(text).toContain(kept);
  });
});
