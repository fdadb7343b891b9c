/**
 * Interact against `npm start` with the official SDK: a scraped form (whose actions are replayed in the new
 * session) driven with `code`, then with a `prompt` through the fixture site's fake OpenAI-compatible model —
 * no real model can run here — which scripts two steps (write, click) and then answers; then stopInteraction().
 */
import Firecrawl from "@mendable/firecrawl-js";
import { expect, inject, it } from "vitest";

const site = inject("e2eFixtureUrl");
const client = new Firecrawl({ apiKey: inject("e2eApiKey"), apiUrl: inject("e2eApiUrl") });

it("interact() with code and with a prompt on a scraped page, then stopInteraction()", async () => {
  const doc = await client.scrape(`${site}/browser/form.html`, {
    formats: ["markdown"],
    actions: [{ type: "click", selector: ".like" }],
  });
  expect(doc.markdown).toContain("Likes: 1");
  const scrapeId = doc.metadata!.scrapeId!;

  const coded = await client.interact(scrapeId, {
    code:
      'const likes = await page.$eval("#likes", (el) => el.textContent);\nconsole.log("likes ' +
      'after the replay:", likes);\nawait page.type("#name", "Lin");\nawait ' +
      'page.click("#send");\nreturn await page.$eval("#greeting", (el) => el.textContent);',
  });
  expect(coded).toMatchObject({
    success: true,
    exitCode: 0,
    killed: false,
    result: "Welcome aboard, Lin!",
    stdout: "likes after the replay: 1\n",
  });
  const sessionId = (coded as { sessionId?: string }).sessionId;
  expect(sessionId).toEqual(expect.any(String));
  expect(coded.cdpUrl).toContain(`/v2/browser/${sessionId}/cdp?token=`);
  expect(coded.liveViewUrl).toContain(`/v2/browser/${sessionId}/live?token=`);

  const llmCallsBefore = ((await (await fetch(`${site}/__llm`)).json()) as unknown[]).length;
  const prompted = await client.interact(scrapeId, {
    prompt: 'Sign up with the name "Ada Lovelace" and tell me the greeting the page shows.',
  });
  expect(prompted).toMatchObject({ success: true, exitCode: 0, output: "Welcome aboard, Ada Lovelace!" });
  expect((prompted as { sessionId?: string }).sessionId).toBe(sessionId);
  expect(prompted.stdout).toMatch(/^1\. write "Ada Lovelace" into @e\d+\n2\. click @e\d+\n3\. done\n$/);
  const llmCalls = (
    (await (await fetch(`${site}/__llm`)).json()) as { body: { messages: { content: string }[] } }[]
  ).slice(llmCallsBefore);
  expect(llmCalls).toHaveLength(3);
  expect(llmCalls[0].body.messages[1].content).toContain('- textbox "Your name" [ref=');

  // The session the prompt ran in is billed at the prompt rate: 420 credits per hour, 7 for a started minute.
  const stopped = await client.stopInteraction(scrapeId);
  expect(stopped).toMatchObject({ success: true, creditsBilled: 7 });
  await expect(client.stopInteraction(scrapeId)).rejects.toMatchObject({ status: 410 });
  await expect(client.interact("0190f1f4-6c3a-7d7e-9a4c-3f1b2e9d8c7a", { code: "return 1" })).rejects.toMatchObject({
    status: 404,
  });
});
