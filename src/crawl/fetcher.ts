/**
 * The small fetches crawls and map make besides page scrapes — robots.txt and sitemaps — through the fetch
 * engine, so they send the ServiceAgent user agent and every hop obeys the outbound policy.
 */
import { fetchPage } from "../engines/fetch";
import { egressPolicy } from "../net/egress";

export const AUX_FETCH_TIMEOUT_MS = 15_000;

export interface AuxResponse {
  status: number;
  body: Uint8Array;
  contentType: string;
  text: string;
}

/** A fetcher that answers null instead of throwing (unreachable, refused, timed out). */
export function auxFetcher(env: Env, signal?: AbortSignal) {
  const policy = egressPolicy(env);
  return async (url: string): Promise<AuxResponse | null> => {
    const timeout = AbortSignal.timeout(AUX_FETCH_TIMEOUT_MS);
    try {
      const page = await fetchPage(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, policy });
      return {
        status: page.statusCode,
        body: page.body,
        contentType: page.contentType,
        text: page.text ?? new TextDecoder().decode(page.body),
      };
    } catch {
      return null;
    }
  };
}
