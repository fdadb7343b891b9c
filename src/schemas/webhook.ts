/**
 * The `webhook` field of job requests (docs/api.md, "Jobs" and "Agent"): a URL, or `{url, headers, metadata,
 * events}`. Each kind of job has its own event names; an event may also be given with its job prefix
 * (`crawl.page` for `page`). Every event is sent when `events` is absent.
 */
import { z } from "@hono/zod-openapi";
import { MAX_URL_LENGTH } from "../net/egress";

const webhookUrl = z.url({ protocol: /^https?$/, error: "The webhook URL must be an http(s) URL" }).max(MAX_URL_LENGTH);

export function webhookSchema<const Events extends readonly [string, ...string[]]>(
  events: Events,
  prefixes: RegExp,
  name: string,
) {
  const event = z
    .string()
    .transform((e) => e.replace(prefixes, ""))
    .pipe(z.enum(events));
  return z
    .union([
      webhookUrl.transform((url) => ({
        url,
        headers: {} as Record<string, string>,
        metadata: {} as Record<string, unknown>,
        events: [...events],
      })),
      z.strictObject({
        url: webhookUrl,
        headers: z.record(z.string(), z.string()).default({}),
        metadata: z.record(z.string(), z.any()).default({}),
        events: z
          .array(event)
          .max(20)
          .default([...events]),
      }),
    ])
    .openapi(name, {
      description: `A URL, or {url, headers, metadata, events}. Events: ${events.join(", ")} (all by default).`,
    });
}
