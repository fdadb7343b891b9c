/**
 * Optional secrets: set with `wrangler secret put` or in .dev.vars, absent otherwise. (Required ones are listed
 * in wrangler.toml `[secrets] required` and typed by `wrangler types`.)
 */
declare namespace Cloudflare {
  interface Env {
    ADMIN_TOKEN?: string;
    WEBHOOK_SECRET?: string;
    LLM_API_KEY?: string;
    SIGNING_SECRET?: string;
  }
}
