/**
 * What every scrape result says of the team's concurrency limit: whether it made the scrape wait, and for how long
 * (`metadata.concurrencyLimited`, `concurrencyQueueDurationMs`). Fresh scrapes and cache hits stamp it alike.
 */
import type { ConcurrencyStamp } from "../crawl/types";
import type { ScrapeDocument } from "../schemas/document";

export function stampConcurrency(
  metadata: ScrapeDocument["metadata"],
  stamp: ConcurrencyStamp = { limited: false },
): void {
  metadata.concurrencyLimited = stamp.limited;
  if (stamp.limited) metadata.concurrencyQueueDurationMs = stamp.queueDurationMs ?? 0;
  else delete metadata.concurrencyQueueDurationMs;
}
