/**
 * What the API accepts in a request but this service cannot do yet, refused up front with a clear 400 rather
 * than a silent success: the `changeTracking` and `branding` formats (v1's `changeTracking` format and
 * `changeTrackingOptions` included). zeroDataRetention on a job is refused where jobs are created
 * (src/crawl/service.ts).
 */
import { ApiError, type ErrorCode } from "../errors";
import type { FormatObject } from "../schemas/scrape";

const UNAVAILABLE_FORMATS: Partial<Record<FormatObject["type"], ErrorCode>> = {
  changeTracking: "SCRAPE_CHANGE_TRACKING_NOT_SUPPORTED",
  branding: "SCRAPE_BRANDING_NOT_SUPPORTED",
};

/** Throws for the first requested format that is not available; `field` is where the formats sit in the body. */
export function refuseUnavailableFormats(formats: FormatObject[], field: (string | number)[] = ["formats"]): void {
  for (const [i, format] of formats.entries()) {
    const code = UNAVAILABLE_FORMATS[format.type];
    if (!code) continue;
    const path = [...field, i];
    throw new ApiError(code, `${field.join(".")}[${i}]: the ${format.type} format is not available on this service yet`, [
      { path, message: `the ${format.type} format is not available yet`, code: "custom" },
    ]);
  }
}
