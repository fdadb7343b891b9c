/**
 * The upstream-proxy client (src/net/proxy.ts) against the fixture site acting as a forward proxy: PROXY_URL
 * parsing, absolute-form requests, response framing (chunked, Content-Length, gzip) and failures.
 */
import { describe, expect, it } from "vitest";
import { parseProxyUrl, proxyFetcher } from "../../src/net/proxy";
import { fixture } from "../helpers";

const site = new URL(fixture("/"));

describe("parseProxyUrl", () => {
  it("reads host, port, TLS and credentials", () => {
    expect(parseProxyUrl("")).toBeNull();
    expect(parseProxyUrl(undefined)).toBeNull();
    expect(parseProxyUrl("http://proxy.example:3128")).toEqual({
      hostname: "proxy.example",
      port: 3128,
      tls: false,
      display: "proxy.example:3128",
    });
    expect(parseProxyUrl("https://u%20ser:p%40ss@proxy.example")).toMatchObject({
      port: 443,
      tls: true,
      authorization: `Basic ${btoa("u ser:p@ss")}`,
    });
  });

  it("refuses what is not an http(s) proxy URL", () => {
    expect(() => parseProxyUrl("socks5://proxy.example:1080")).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseProxyUrl("not a url")).toThrow(/not a valid URL/);
  });
});

describe("proxyFetcher", () => {
  const through = proxyFetcher(parseProxyUrl(`http://127.0.0.1:${site.port}`)!);

  it("reads chunked, length-delimited and gzip-encoded responses", async () => {
    const chunked = await through(new Request("http://far.example:8080/article.html"));
    expect(chunked.status).toBe(200);
    expect(await chunked.text()).toContain("How Lighthouses Work");
    const packed = await through(new Request("http://far.example:8080/browser/gzipped"));
    expect(packed.headers.get("content-encoding")).toBeNull();
    expect(await packed.text()).toContain("Unpacked by the proxy client.");
  });

  it("returns redirects and error statuses as they are", async () => {
    const redirect = await through(
      new Request("http://far.example:8080/redirect?to=/article.html", { redirect: "manual" }),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/article.html");
    const missing = await through(new Request("http://far.example:8080/status?code=404"));
    expect(missing.status).toBe(404);
  });

  it("reports a proxy that cannot be reached as a connection error", async () => {
    const nowhere = proxyFetcher(parseProxyUrl("http://127.0.0.1:1")!);
    await expect(nowhere(new Request("http://far.example/"))).rejects.toMatchObject({
      code: "SCRAPE_CONNECTION_ERROR",
      message: expect.stringContaining("127.0.0.1:1"),
    });
  });
});
