/**
 * One Durable Object per crawl or batch-scrape job (see issue "Crawl jobs").
 */
import { DurableObject } from "cloudflare:workers";

export class CrawlJobDO extends DurableObject<Env> {}
