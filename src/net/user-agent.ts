/**
 * How the crawler identifies itself to target sites: the product token `ServiceAgent`, which is also
 * the user agent robots.txt rules are matched against.
 */
export const ROBOTS_USER_AGENT = "ServiceAgent";
export const USER_AGENT = "Mozilla/5.0 (compatible; ServiceAgent/1.0; edgecrawl)";
/** A mobile user agent for `mobile: true` (still carrying the ServiceAgent token). */
export const MOBILE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like " +
  "Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 ServiceAgent/1.0";
