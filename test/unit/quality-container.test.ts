/**
 * The reference text of the out-of-benchmark quality check (bench/quality/container.mjs): the text of the element a
 * site puts its content in, read as a reader sees it — inline elements run on, blocks and cells stay apart — without
 * scripts, styles and the excluded elements.
 */
import { describe, expect, it } from "vitest";
import { containerText } from "../../bench/quality/page-path";

describe("containerText", () => {
  it("reads the first matching element's text, words kept whole across inline elements and apart across blocks", () => {
    const html = `<body><nav>Home</nav><main id="content"><h1>Re<b>ading</b></h1><table><tr><td>false</td><td>true</td>\
</tr></table>
      <script>track()</script><style>p{}</style><div class="navfooter">Next page</div><p>Last <em>words</em>.</p>\
</main><main>Second</main></body>`;
    expect(containerText(html, "#content")).toBe("Reading false true Next page Last words.");
    expect(containerText(html, "main", ".navfooter")).toBe("Reading false true Last words.");
    expect(containerText(html, "#missing")).toBeNull();
  });
});
