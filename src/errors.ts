/**
 * The one error type of the API. Every failure the service reports — bad input, missing auth, a scrape the
 * target broke — is an ApiError carrying a code; the code fixes the HTTP status. The app's error handler turns
 * it into the envelope `{success:false, error, code?, details?}`; anything else becomes a 500 UNKNOWN_ERROR
 * without internals.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every code the API emits, with its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_REQUEST_INVALID_JSON: 400,
  INVALID_JOB_ID: 400,
  SCRAPE_ACTIONS_NOT_SUPPORTED: 400,
  SCRAPE_UNSUPPORTED_URL: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  URL_BLOCKED: 403,
  NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  SCRAPE_NO_CACHED_DATA: 404,
  SCRAPE_TIMEOUT: 408,
  MAP_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  LLM_NOT_CONFIGURED: 400,
  SCRAPE_DNS_RESOLUTION_ERROR: 500,
  SCRAPE_CONNECTION_ERROR: 500,
  SCRAPE_SSL_ERROR: 500,
  SCRAPE_SITE_ERROR: 500,
  SCRAPE_TOO_MANY_REDIRECTS: 500,
  SCRAPE_UNSUPPORTED_FILE_ERROR: 500,
  SCRAPE_PDF_OCR_REQUIRED: 500,
  SCRAPE_PDF_PARSE_ERROR: 500,
  SCRAPE_ACTION_ERROR: 500,
  SCRAPE_BROWSER_ERROR: 500,
  SCRAPE_ALL_ENGINES_FAILED: 500,
  SCRAPE_PROXY_NOT_CONFIGURED: 400,
  SCRAPE_BLOCKED: 403,
  LLM_ERROR: 502,
  BROWSER_SESSION_NOT_FOUND: 404,
  BROWSER_SESSION_DESTROYED: 410,
  BROWSER_SESSION_LIMIT: 429,
  BROWSER_SESSION_ERROR: 502,
  UNKNOWN_ERROR: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
  toBody(): ErrorBody {
    const body: ErrorBody = { success: false, error: this.message, code: this.code };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  details?: unknown;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A short description of an unknown thrown value, for error messages and logs. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
