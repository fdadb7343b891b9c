/**
 * The outbound policy, alone and through the API with ALLOW_LOCAL_NETWORK off.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { checkEgress } from "../../src/net/egress";
import { API_KEY, fixture } from "../helpers";

const closed = { allowLocalNetwork: false };

describe("checkEgress", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.1.2.3:8080/x",
    "http://10.0.0.5/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://localhost:3000/",
    "http://api.localhost/",
    "http://printer.local/",
    "http://2130706433/",
    "http://0x7f000001/",
  ])("refuses %s", (url) => {
    expect(() => checkEgress(url, closed)).toThrowError(/disabled/);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "gopher://example.com/", "data:text/plain,hi"])("refuses the scheme of %s", (url) => {
    expect(() => checkEgress(url, { allowLocalNetwork: true })).toThrowError(/unsupported protocol/);
  });

  it.each(["https://example.com/", "http://93.184.216.34/", "http://172.32.0.1/", "http://[2606:4700::1]/", "http://100.128.0.1/"])("allows %s", (url) => {
    expect(checkEgress(url, closed).href).toBe(new URL(url).href);
  });

  it("allows loopback when the policy is open", () => {
    expect(() => checkEgress("http://127.0.0.1:9/", { allowLocalNetwork: true })).not.toThrow();
  });
});

describe("the API with ALLOW_LOCAL_NETWORK=false", () => {
  const app = createApp();
  const closedEnv = { ...env, ALLOW_LOCAL_NETWORK: "false" } as Env;
  const scrape = (url: string) =>
    app.fetch(
      new Request("http://edgecrawl.test/v2/scrape", {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ url }),
      }),
      closedEnv,
      createExecutionContext(),
    );

  it("refuses a loopback target with 403 URL_BLOCKED", async () => {
    const res = await scrape(fixture("/article.html"));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: "URL_BLOCKED" });
  });

  it("refuses the cloud metadata address", async () => {
    const res = await scrape("http://169.254.169.254/latest/meta-data/");
    expect(res.status).toBe(403);
  });
});

describe("redirect hops", () => {
  it("checks every hop: a public page redirecting to a private address is refused", async () => {
    const { fetchPage } = await import("../../src/engines/fetch");
    const seen: string[] = [];
    const fetcher = async (request: Request) => {
      seen.push(request.url);
      return new Response(null, { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } });
    };
    await expect(fetchPage("https://public.example/start", { signal: new AbortController().signal, policy: closed, fetcher })).rejects.toThrowError(
      /Redirect target 169\.254\.169\.254 is a private or loopback address/,
    );
    expect(seen).toEqual(["https://public.example/start"]);
  });
});
