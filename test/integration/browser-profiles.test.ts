/**
 * Browser profiles in scrapes (the browser engine) and their saver lock, shared with browser sessions.
 */
import { describe, expect, it } from "vitest";
import { callJson, unique } from "../helpers";

const profileName = () => `profile-${crypto.randomUUID().slice(0, 8)}`;

describe("scrape with a profile", () => {
  it("saves what the page stored and starts the next scrape from it", async () => {
    const name = profileName();
    const first = await callJson("POST", "/v2/scrape", {
      url: unique("/article.html"),
      profile: { name },
      actions: [
        {
          type: "executeJavascript",
          script: "document.cookie = 'seen=yes; max-age=3600; path=/'; localStorage.setItem('lang', 'fr')",
        },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.warning ?? "").not.toMatch(/profile/i);

    const next = await callJson("POST", "/v2/scrape", {
      url: unique("/echo"),
      formats: ["rawHtml"],
      profile: { name, saveChanges: false },
      actions: [{ type: "executeJavascript", script: "localStorage.getItem('lang')" }],
    });
    expect(next.status).toBe(200);
    expect(next.body.data.rawHtml).toContain("seen=yes");
    expect(next.body.data.actions.javascriptReturns).toEqual([{ type: "string", value: "fr" }]);
  });

  it("a saving scrape needs the profile's saver lock; a read-only one does not", async () => {
    const name = profileName();
    const session = await callJson("POST", "/v2/browser", { profile: { name } });
    expect(session.status).toBe(200);
    try {
      const saving = await callJson("POST", "/v2/scrape", { url: unique("/about.html"), profile: { name } });
      expect(saving).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
      expect(saving.body.error).toMatch(/saveChanges: false/);
      const reading = await callJson("POST", "/v2/scrape", {
        url: unique("/about.html"),
        profile: { name, saveChanges: false },
      });
      expect(reading.status).toBe(200);
    } finally {
      await callJson("DELETE", `/v2/browser/${session.body.id}`);
    }
    expect((await callJson("POST", "/v2/scrape", { url: unique("/about.html"), profile: { name } })).status).toBe(200);
  });
});
