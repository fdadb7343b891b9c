/**
 * robots.txt rules as ServiceAgent reads them, and fetchRobots' answer to each kind of response.
 */
import { describe, expect, it } from "vitest";
import { MAX_ROBOTS_CHARS, fetchRobots, parseRobots, robotsUrlFor, type RobotsFetcher } from "../../src/net/robots";

const ROBOTS_URL = "https://example.com/robots.txt";
const page = (path: string) => `https://example.com${path}`;

describe("parseRobots: the * group", () => {
  // prettier-ignore
  const robots = parseRobots(
    ROBOTS_URL,
    [
    "# Rules for everyone", "User-agent: *", "Disallow: /private/", "Allow: /private/press-kit", "Disallow: /*.pdf$",
    "Disallow: /search", "Disallow: /*/drafts/", "Crawl-delay: 2.5", "", "User-agent: Googlebot", "Disallow: /", "",
    "Sitemap: https://example.com/sitemap_index.xml", "Sitemap: /sitemaps/news.xml",
    "sitemap: https://example.com/sitemap_index.xml", "Sitemap: mailto:nobody@example.com",
  ].join("\n"),
  );

  it.each([
    ["/", true],
    ["/about", true],
    ["/private/", false],
    ["/private/payroll.html", false],
    ["/private/press-kit/logo.png", true], // the longer Allow wins
    ["/docs/manual.pdf", false],
    ["/docs/manual.pdf?download=1", true], // $ anchors at the end of path + query
    ["/docs/manual.pdfx", true],
    ["/search", false],
    ["/search?q=shoes", false],
    ["/searching-tips", false], // rules are prefixes
    ["/blog/drafts/post", false],
    ["/blog/published/post", true],
  ])("%s allowed: %s", (path, allowed) => {
    expect(robots.isAllowed(page(path))).toBe(allowed);
  });

  it("reads the crawl delay of the group that applies", () => {
    expect(robots.crawlDelaySeconds()).toBe(2.5);
  });

  it("lists Sitemap: lines as absolute http(s) URLs, once each", () => {
    expect(robots.sitemaps()).toEqual([
      "https://example.com/sitemap_index.xml",
      "https://example.com/sitemaps/news.xml",
    ]);
    expect(robots.source).toBe("parsed");
    expect(robots.url).toBe(ROBOTS_URL);
  });

  it("does not govern other origins", () => {
    expect(robots.isAllowed("https://other.example/private/x")).toBe(true);
    expect(robots.isAllowed("http://example.com/private/x")).toBe(true);
    expect(robots.isAllowed("https://example.com:8443/private/x")).toBe(true);
  });
});

describe("parseRobots: the ServiceAgent group", () => {
  it("replaces the * group entirely when present", () => {
    // prettier-ignore
    const robots = parseRobots(
      ROBOTS_URL,
      [
      "User-agent: *", "Disallow: /", "Crawl-delay: 30", "", "User-agent: ServiceAgent", "Disallow: /admin",
      "Allow: /admin/public", "Crawl-delay: 5",
    ].join("\n"),
    );
    expect(robots.isAllowed(page("/"))).toBe(true);
    expect(robots.isAllowed(page("/products/1"))).toBe(true);
    expect(robots.isAllowed(page("/admin"))).toBe(false);
    expect(robots.isAllowed(page("/admin/users"))).toBe(false);
    expect(robots.isAllowed(page("/admin/public/faq"))).toBe(true);
    expect(robots.crawlDelaySeconds()).toBe(5);
  });

  it("matches the product token case-insensitively, ignoring a version, in a shared group", () => {
    const robots = parseRobots(
      ROBOTS_URL,
      [
        "User-agent: Googlebot",
        "user-agent: serviceagent/2.1",
        "Disallow: /shared-block",
        "",
        "User-agent: *",
        "Disallow: /",
      ].join("\n"),
    );
    expect(robots.isAllowed(page("/shared-block/x"))).toBe(false);
    expect(robots.isAllowed(page("/elsewhere"))).toBe(true);
  });

  it("does not inherit the * crawl delay into its own group", () => {
    const robots = parseRobots(
      ROBOTS_URL,
      "User-agent: *\nCrawl-delay: 10\n\nUser-agent: ServiceAgent\nDisallow: /tmp",
    );
    expect(robots.crawlDelaySeconds()).toBeUndefined();
  });

  it("an empty Disallow allows everything", () => {
    const robots = parseRobots(ROBOTS_URL, "User-agent: *\nDisallow: /\n\nUser-agent: ServiceAgent\nDisallow:\n");
    expect(robots.isAllowed(page("/anything"))).toBe(true);
  });
});

describe("parseRobots: precedence and syntax", () => {
  it("prefers Allow when an Allow and a Disallow are equally long", () => {
    const robots = parseRobots(ROBOTS_URL, "User-agent: *\nDisallow: /page\nAllow: /page\n");
    expect(robots.isAllowed(page("/page"))).toBe(true);
  });

  it("lets the longer Disallow beat a shorter Allow regardless of order", () => {
    const robots = parseRobots(ROBOTS_URL, "User-agent: *\nDisallow: /shop/cart\nAllow: /shop\n");
    expect(robots.isAllowed(page("/shop/shoes"))).toBe(true);
    expect(robots.isAllowed(page("/shop/cart/checkout"))).toBe(false);
  });

  it("handles a byte-order mark, CRLF line ends, comments and encoded paths", () => {
    const robots = parseRobots(
      ROBOTS_URL,
      "\uFEFFUser-agent: *\r\nDisallow: /caf\u00e9 # accented path\r\nDisallow: /a%2fb\r\n",
    );
    expect(robots.isAllowed(page("/caf\u00e9/menu"))).toBe(false);
    expect(robots.isAllowed(page("/caf%C3%A9/menu"))).toBe(false);
    expect(robots.isAllowed(page("/a%2Fb"))).toBe(false);
    expect(robots.isAllowed(page("/cafe"))).toBe(true);
  });

  it("ignores a Crawl-delay that is not a number", () => {
    expect(parseRobots(ROBOTS_URL, "User-agent: *\nCrawl-delay: soon\n").crawlDelaySeconds()).toBeUndefined();
    expect(parseRobots(ROBOTS_URL, "User-agent: *\nCrawl-delay: -3\n").crawlDelaySeconds()).toBeUndefined();
    expect(parseRobots(ROBOTS_URL, "").crawlDelaySeconds()).toBeUndefined();
  });

  it("reads only the first 500 KiB", () => {
    const body = `User-agent: *\n# ${"x".repeat(MAX_ROBOTS_CHARS)}\nDisallow: /\n`;
    expect(parseRobots(ROBOTS_URL, body).isAllowed(page("/"))).toBe(true);
  });

  it("treats an HTML page served as robots.txt as no rules", () => {
    const robots = parseRobots(ROBOTS_URL, "<!doctype html><html><body><h1>Not found</h1></body></html>");
    expect(robots.isAllowed(page("/x"))).toBe(true);
    expect(robots.sitemaps()).toEqual([]);
  });
});

describe("robotsUrlFor", () => {
  it("points at /robots.txt of the URL's origin", () => {
    expect(robotsUrlFor("http://Example.com:8080/a/b?c=1#d")).toBe("http://example.com:8080/robots.txt");
    expect(robotsUrlFor("https://example.com")).toBe("https://example.com/robots.txt");
  });
});

describe("fetchRobots", () => {
  const answering = (
    answer: Awaited<ReturnType<RobotsFetcher>> | Error,
  ): { fetcher: RobotsFetcher; calls: string[] } => {
    const calls: string[] = [];
    return {
      calls,
      fetcher: async (url) => {
        calls.push(url);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  };

  it("parses a 200 answer, asking for the origin's robots.txt", async () => {
    const { fetcher, calls } = answering({
      status: 200,
      text: "User-agent: *\nDisallow: /private\nSitemap: /sitemap.xml",
    });
    const robots = await fetchRobots("https://example.com/blog/post?x=1", fetcher);
    expect(calls).toEqual([ROBOTS_URL]);
    expect(robots.source).toBe("parsed");
    expect(robots.isAllowed(page("/private/x"))).toBe(false);
    expect(robots.sitemaps()).toEqual(["https://example.com/sitemap.xml"]);
  });

  it.each([
    [{ status: 404, text: "User-agent: *\nDisallow: /" }, "missing"],
    [{ status: 403, text: "" }, "missing"],
    [{ status: 301, text: "" }, "missing"],
    [{ status: 503, text: "User-agent: *\nDisallow: /" }, "unreachable"],
    [{ status: 429, text: "" }, "unreachable"],
    [null, "unreachable"],
    [new Error("connection reset"), "unreachable"],
  ] as const)("%j → allow all, %s", async (answer, source) => {
    const robots = await fetchRobots("https://example.com/", answering(answer).fetcher);
    expect(robots.source).toBe(source);
    expect(robots.isAllowed(page("/private/x"))).toBe(true);
    expect(robots.crawlDelaySeconds()).toBeUndefined();
    expect(robots.sitemaps()).toEqual([]);
  });
});
