/**
 * The README and the pages under docs/ and bench/: every relative link names a file of the repository, every
 * `#anchor` a heading of the page it points into, and the README stays a page a newcomer reads in five minutes.
 */
import { describe, expect, it } from "vitest";

const pages = import.meta.glob(["/README.md", "/docs/*.md", "/bench/*.md", "/bench/quality/README.md"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
/** Every file a link may point at (their contents are not loaded). */
const files = new Set(
  Object.keys(import.meta.glob(["/**/*", "!**/node_modules/**", "!**/.wrangler/**", "!**/.git/**"])),
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...withoutCode.matchAll(/^#{1,6} (.*)$/gm)].map((m) => slug(m[1])));
}

/** Resolves `target` against the page's folder: "/docs/api.md" + "../src/x.ts" → "/src/x.ts". */
function resolve(page: string, target: string): string {
  const parts = page.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/") || "/";
}

/** The text outside code blocks and code spans (a link written as code is an example, not a link). */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

const links = Object.entries(pages).flatMap(([page, markdown]) =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => [page, target] as const),
);

describe("documentation links", () => {
  it("finds the pages and their links", () => {
    expect(Object.keys(pages)).toContain("/docs/guide.md");
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links)("%s → %s resolves", (page, target) => {
    const [path, anchor] = target.split("#");
    const file = path === "" ? page : resolve(page, path);
    const exists = files.has(file) || [...files].some((f) => f.startsWith(`${file}/`));
    expect(exists, `${file} exists`).toBe(true);
    if (anchor !== undefined && file.endsWith(".md")) {
      expect(pages[file], `${file} is one of the checked pages`).toBeTypeOf("string");
      expect([...anchors(pages[file])], `#${anchor} in ${file}`).toContain(anchor);
    }
  });

  it("keeps the README short", () => {
    expect(pages["/README.md"].split("\n").length).toBeLessThanOrEqual(250);
  });
});
