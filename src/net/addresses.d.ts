/** Types of addresses.js (plain JavaScript, shared with the Node egress proxy). */

/** Why `address` is not a public address; null when it is public; undefined when it is not an IP literal. */
export function localAddressReason(address: string): string | null | undefined;

/** True when `address` is an IP literal (IPv4 dotted quad or IPv6, brackets allowed). */
export function isIpLiteral(address: string): boolean;
