/**
 * Secrets: set with `wrangler secret put` when deployed or in .dev.vars locally, absent otherwise. `wrangler
 * types` is run with an empty env file (see package.json) so that a developer's own .dev.vars never changes the
 * generated types; the secrets are typed here instead. `AI` is the optional Workers AI binding: wrangler.toml
 * leaves it out (`npm start` cannot serve it), a deployment may add it.
 */
declare namespace Cloudflare {
  interface Env {
    API_KEYS?: string;
    ADMIN_TOKEN?: string;
    WEBHOOK_SECRET?: string;
    WEBHOOK_SECRETS?: string;
    LLM_API_KEY?: string;
    SIGNING_SECRET?: string;
    /** Set by `npm start`: the local egress proxy (scripts/egress-proxy.mjs) outbound traffic goes through. */
    EGRESS_PROXY_URL?: string;
    AI?: Ai;
  }
}
