/**
 * The one error module of the API. Every failure the service reports — bad input, missing auth, a scrape the
 * target broke — is an ApiError carrying a code from the table below; the code fixes the HTTP status and gives
 * the default message. There is one way to throw (`throw new ApiError(code, message?, details?)`) and one way to
 * render: `renderHttpError` for HTTP answers (the envelope `{success:false, error, code, details?}`) and
 * `renderSocketError` for a watcher WebSocket that has to close on an error. Anything that is not an ApiError
 * becomes a 500 UNKNOWN_ERROR carrying an error id; its details go to the log only. docs/errors.md explains
 * when each code is answered.
 */
import { z } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every code the API answers with: HTTP status and the message used when the thrower gives none. */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: "The request is invalid" },
  BAD_REQUEST_INVALID_JSON: { status: 400, message: "Bad request, malformed JSON" },
  SCRAPE_ACTIONS_NOT_SUPPORTED: { status: 400, message: "Actions are not supported for PDF documents" },
  SCRAPE_PROXY_NOT_CONFIGURED: { status: 400, message: "The enhanced proxy needs PROXY_URL to be configured" },
  SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED: {
    status: 400,
    message: "Change tracking is not available with zeroDataRetention",
  },
  SCRAPE_BRANDING_NOT_SUPPORTED: { status: 400, message: "Branding needs a page the browser renders" },
  ZERO_DATA_RETENTION_NOT_SUPPORTED: { status: 400, message: "zeroDataRetention is only available on POST /v2/scrape" },
  NOT_AVAILABLE: { status: 400, message: "This service does not offer this" },
  LLM_NOT_CONFIGURED: {
    status: 400,
    message: "This feature needs an LLM, and none is configured (LLM_BASE_URL, or a Workers AI binding AI)",
  },
  SEARCH_NOT_CONFIGURED: { status: 400, message: "This needs a search provider, and none is configured (SEARCH_URL)" },
  UNAUTHORIZED: { status: 401, message: "Unauthorized" },
  INSUFFICIENT_CREDITS: { status: 402, message: "Insufficient credits to perform this request." },
  FORBIDDEN: { status: 403, message: "Forbidden" },
  NOT_ENABLED: { status: 403, message: "This endpoint is not enabled for this team." },
  URL_BLOCKED: { status: 403, message: "The target address is not allowed by the outbound policy" },
  NOT_FOUND: { status: 404, message: "Not found" },
  JOB_NOT_FOUND: { status: 404, message: "Job not found" },
  SCRAPE_NO_CACHED_DATA: { status: 404, message: "No cached data is available for this URL with these options" },
  SCRAPE_TIMEOUT: { status: 408, message: "The scrape operation timed out before completing." },
  MAP_TIMEOUT: { status: 408, message: "The map operation timed out." },
  SEARCH_TIMEOUT: {
    status: 408,
    message: "The search and the scrapes of its results did not finish within the timeout.",
  },
  CONCURRENCY_QUEUE_TIMEOUT: { status: 408, message: "The operation timed out while waiting for a concurrency slot." },
  CONFLICT: { status: 409, message: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is larger than 10 MB" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Content-Type must be application/json" },
  UPGRADE_REQUIRED: { status: 426, message: "This address is a WebSocket: open it with a WebSocket client" },
  SCRAPE_DNS_RESOLUTION_ERROR: { status: 500, message: "The target's host name could not be resolved" },
  SCRAPE_CONNECTION_ERROR: { status: 500, message: "The connection to the target failed" },
  SCRAPE_SSL_ERROR: { status: 500, message: "The target's TLS certificate could not be verified" },
  SCRAPE_SITE_ERROR: { status: 500, message: "The target failed to answer" },
  SCRAPE_TOO_MANY_REDIRECTS: { status: 500, message: "The target redirected too many times" },
  SCRAPE_UNSUPPORTED_FILE_ERROR: { status: 500, message: "The target's content type cannot be converted" },
  SCRAPE_PDF_OCR_REQUIRED: { status: 500, message: "The PDF has no text layer and needs OCR" },
  SCRAPE_PDF_PARSE_ERROR: { status: 500, message: "The PDF could not be read" },
  SCRAPE_ACTION_ERROR: { status: 500, message: "A browser action failed" },
  SCRAPE_BROWSER_ERROR: { status: 500, message: "The browser failed" },
  LLM_ERROR: { status: 502, message: "The LLM endpoint failed" },
  SEARCH_ERROR: { status: 502, message: "The search provider failed" },
  BROWSER_SESSION_NOT_FOUND: { status: 404, message: "Browser session not found." },
  BROWSER_SESSION_DESTROYED: { status: 410, message: "Browser session has been destroyed." },
  BROWSER_SESSION_LIMIT: { status: 429, message: "The team has reached its limit of concurrent browser sessions." },
  BROWSER_SESSION_ERROR: { status: 502, message: "The browser session failed" },
  UNKNOWN_ERROR: { status: 500, message: "An unexpected error occurred." },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Codes that only appear in a job's error list (`GET /v2/crawl/{id}/errors`) — never as an HTTP answer — next
 * to the scrape codes above.
 */
export const JOB_ERRORS = {
  SCRAPE_LOST: "The page was dispatched several times and never reported back",
  SCRAPE_RETRY_LIMIT: "The page failed on every attempt",
  WEBHOOK_DELIVERY_FAILED: "Webhook delivery kept failing; undelivered events are retried with the next event",
} as const;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  /**
   * Set for requests under zeroDataRetention: the log gets the code only, never the message (it may name the target).
   */
  quiet = false;
  constructor(code: ErrorCode, message: string = ERRORS[code].message, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }
  get status(): ContentfulStatusCode {
    return ERRORS[this.code].status;
  }
}

/** The error envelope, as a schema (the OpenAPI document's `Error`) and as the type every error body has. */
export const ErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().openapi({ description: "What went wrong, for a human." }),
    code: z.string().openapi({ description: "A stable machine-readable code, e.g. BAD_REQUEST (see docs/errors.md)." }),
    details: z.any().optional().openapi({ description: "Validation issues or other structured detail." }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** The error responses a route declares in the OpenAPI document, described by the codes that use each status. */
export function errorResponses(...statuses: ContentfulStatusCode[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = Object.entries(ERRORS)
        .filter(([, e]) => e.status === status)
        .map(([code]) => code);
      return [
        status,
        { description: codes.join(", ") || "Error", content: { "application/json": { schema: ErrorSchema } } },
      ];
    }),
  );
}

/** Any thrown value as an ApiError: Hono's own HTTP exceptions get their codes; the rest is UNKNOWN_ERROR. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400 && /json/i.test(err.message)) return new ApiError("BAD_REQUEST_INVALID_JSON");
    if (err.status === 413) return new ApiError("PAYLOAD_TOO_LARGE");
    if (err.status === 415) return new ApiError("UNSUPPORTED_MEDIA_TYPE");
    if (err.status === 400) return new ApiError("BAD_REQUEST", err.message || undefined);
  }
  return new ApiError("UNKNOWN_ERROR");
}

/**
 * The HTTP answer for any thrown value. 5xx are logged (an unexpected error with its stack, under a fresh error
 * id the caller is given); `where` names the request for the log.
 */
export function renderHttpError(err: unknown, where: string): Response {
  const error = toApiError(err);
  let body: ErrorBody = { success: false, error: error.message, code: error.code };
  if (error.details !== undefined) body.details = error.details;
  if (error.code === "UNKNOWN_ERROR" && !(err instanceof ApiError)) {
    const errorId = crypto.randomUUID();
    console.error(`[${errorId}] ${where}:`, err instanceof Error ? (err.stack ?? err.message) : describeError(err));
    body = {
      success: false,
      code: error.code,
      error: `An unexpected error occurred. Please contact the operator with error id ${errorId}.`,
    };
  } else if (error.status >= 500) {
    console.error(error.quiet ? `${where}: ${error.code}` : `${where}: ${error.code} ${error.message}`);
  }
  return Response.json(body, { status: error.status });
}

/** The error as it will be answered, kept out of the log beyond its code (see ApiError.quiet). */
export function quietError(err: unknown): ApiError {
  const error = err instanceof ApiError ? err : new ApiError("UNKNOWN_ERROR");
  error.quiet = true;
  return error;
}

/**
 * How a watcher WebSocket closes on an error: the close code by kind (4xx not found → 1008, auth → 3000,
 * forbidden → 3003, anything else → 1011) and the reason `{"type":"error","error":<message>}`, cut to the
 * 123 bytes a close reason may carry.
 */
export function renderSocketError(err: unknown): { code: number; reason: string } {
  const error = toApiError(err);
  const code = error.status === 401 ? 3000 : error.status === 403 ? 3003 : error.status === 404 ? 1008 : 1011;
  let message = error.code === "UNKNOWN_ERROR" ? ERRORS.UNKNOWN_ERROR.message : error.message;
  let reason = JSON.stringify({ type: "error", error: message });
  while (new TextEncoder().encode(reason).length > 123) {
    message = message.slice(0, -8);
    reason = JSON.stringify({ type: "error", error: `${message}…` });
  }
  return { code, reason };
}

/** A short description of an unknown thrown value, for error messages and logs. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
