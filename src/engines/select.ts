/**
 * Engine selection: the fetch engine is the fast path; the browser engine is used when the request needs a
 * browser, or when the fetched page evidently needs one (see issue "browser engine").
 */
import { egressPolicy } from "../net/egress";
import type { FormatObject, ScrapeOptions } from "../schemas/scrape";
import { fetchPage } from "./fetch";
import type { FetchedPage } from "./types";

export async function runEngines(
  env: Env,
  url: string,
  options: ScrapeOptions,
  _formats: FormatObject[],
  signal: AbortSignal,
): Promise<FetchedPage> {
  return fetchPage(url, {
    headers: options.headers,
    languages: options.location?.languages,
    signal,
    policy: egressPolicy(env),
  });
}
