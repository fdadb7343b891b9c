/**
 * Size limits hold while the bytes arrive, counted decoded: a gzip bomb (a small body that inflates past the
 * 50 MB limit) is refused with a clear error instead of being inflated whole first.
 */
import { expect, it } from "vitest";
import { callJson, fixture } from "../helpers";

it("refuses a gzip bomb once its decoded bytes pass the limit", async () => {
  const { status, body } = await callJson("POST", "/v2/scrape", { url: fixture("/bomb?mb=64"), maxAge: 0 });
  expect(status, JSON.stringify(body)).toBe(500); // the status COMPAT.md gives SCRAPE_UNSUPPORTED_FILE_ERROR
  expect(body).toMatchObject({ success: false, code: "SCRAPE_UNSUPPORTED_FILE_ERROR" });
  expect(body.error).toMatch(/too large \(more than 52428800 bytes once decoded/);
});

it("a compressed page under the limit is read whole", async () => {
  const { status, body } = await callJson("POST", "/v2/scrape", {
    url: fixture("/bomb?mb=1"),
    maxAge: 0,
    formats: ["rawHtml"],
  });
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  expect(body.data.rawHtml.length).toBeGreaterThan(2 ** 20);
});
