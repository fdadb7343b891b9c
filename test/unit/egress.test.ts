/**
 * The outbound policy, alone and through the API with ALLOW_LOCAL_NETWORK off.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { checkEgress, MAX_URL_LENGTH } from "../../src/net/egress";
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
    "http://0177.0.0.1/",
    "http://127.1/",
    // IPv6 spellings of loopback and local ranges (issue 15, finding 8)
    "http://[::]/",
    "http://[::7f00:1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[::ffff:0:7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[fec0::1]/",
    "http://[::ffff:7f00:1]/",
    "http://[ff02::1]/",
    // this machine's own kind of addresses: documentation and unique-local ranges
    "http://192.0.2.2/",
    "http://[fd00::2]/",
    // names only a local resolver answers (finding 2)
    "http://runsc:8815/x",
    "http://vm/",
    "http://intranet./",
    "http://LOCALHOST/",
    "http://localhost./",
    "http://nas.lan/",
    "http://router.home.arpa/",
  ])("refuses %s", (url) => {
    expect(() => checkEgress(url, closed)).toThrowError(/disabled/);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "gopher://example.com/", "data:text/plain,hi"])(
    "refuses the scheme of %s",
    (url) => {
      expect(() => checkEgress(url, { allowLocalNetwork: true })).toThrowError(/unsupported protocol/);
    },
  );

  it.each([
    "https://example.com/",
    "http://93.184.216.34/",
    "http://172.32.0.1/",
    "http://[2606:4700::1]/",
    "http://100.128.0.1/",
  ])("allows %s", (url) => {
    expect(checkEgress(url, closed).href).toBe(new URL(url).href);
  });

  it.each(["http://[64:ff9b::808:808]/", "http://[2002:808:808::1]/", "http://[::ffff:8.8.8.8]/"])(
    "allows %s (embeds a public IPv4 address)",
    (url) => {
      expect(() => checkEgress(url, closed)).not.toThrow();
    },
  );

  it("allows loopback and single-label names when the policy is open", () => {
    expect(() => checkEgress("http://127.0.0.1:9/", { allowLocalNetwork: true })).not.toThrow();
    expect(() => checkEgress("http://vm:9/", { allowLocalNetwork: true })).not.toThrow();
  });

  it("refuses URLs longer than the limit, whatever the policy", () => {
    const long = `https://example.com/${"a".repeat(MAX_URL_LENGTH)}`;
    expect(() => checkEgress(long, { allowLocalNetwork: true })).toThrowError(/longer than 8192 characters/);
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

  // Only spellings of loopback here: a failing check would connect. The other IPv6 forms are judged without a request
  // above.
  it.each(["http://[::ffff:7f00:1]/", "http://[::ffff:127.0.0.1]/", "http://[0:0:0:0:0:ffff:7f00:1]/"])(
    "refuses the IPv6 spelling %s with 403 URL_BLOCKED",
    async (url) => {
      const res = await scrape(url);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "URL_BLOCKED" });
    },
  );

  it("answers 400 naming the field for a 100,000-character URL", async () => {
    const res = await scrape(`https://example.com/${"a".repeat(100_000)}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(/url/i);
    expect(body.error).toMatch(/at most 8192 characters/);
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
    await expect(
      fetchPage("https://public.example/start", { signal: new AbortController().signal, policy: closed, fetcher }),
    ).rejects.toThrowError(/Redirect target 169\.254\.169\.254 is a link-local address/);
    expect(seen).toEqual(["https://public.example/start"]);
  });
});
