/**
 * Which IP addresses count as "the local network": one classifier shared by the Worker (src/net/egress.ts,
 * judging IP literals in URLs) and by the local egress proxy (scripts/egress-proxy.mjs, judging the addresses a
 * name actually resolves to). Plain JavaScript so that Node runs it as is; types in addresses.d.ts.
 *
 * IPv4: everything the IANA special-purpose registry marks as not globally reachable (loopback, RFC 1918,
 * link-local and the 169.254.169.254 metadata address, CGNAT, "this network", documentation, benchmarking,
 * 6to4 relay, multicast, reserved, broadcast).
 * IPv6: an allow-list rather than a deny-list — only global unicast (2000::/3) outside its special blocks is
 * public, so unspecified, loopback, IPv4-compatible/mapped/translated forms, discard, unique-local, site-local,
 * link-local and multicast are all local whatever their spelling. Forms that embed an IPv4 address and route to
 * it (NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the embedded address.
 */

/** [first octet, second octet lower bound, upper bound (inclusive), reason] — second octet range of 0–255 = any. */
const LOCAL_IPV4 = [
  [0, 0, 255, 'a "this network" address'],
  [10, 0, 255, "a private address"],
  [100, 64, 127, "a carrier-grade NAT address"],
  [127, 0, 255, "a loopback address"],
  [169, 254, 254, "a link-local address"],
  [172, 16, 31, "a private address"],
  [192, 168, 168, "a private address"],
  [198, 18, 19, "a benchmarking address"],
];

/** Three-octet blocks: [a, b, c, reason]. */
const LOCAL_IPV4_24 = [
  [192, 0, 0, "an IETF protocol address"],
  [192, 0, 2, "a documentation address"],
  [192, 88, 99, "a 6to4 relay address"],
  [198, 51, 100, "a documentation address"],
  [203, 0, 113, "a documentation address"],
];

/** Strict dotted-quad IPv4 (the URL parser has already turned other spellings into this form). */
function parseIPv4(text) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** IPv6 text (brackets and a zone id allowed) as 8 16-bit groups, or null. */
function parseIPv6(text) {
  let h = text
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  if (!h.includes(":")) return null;
  // A dotted IPv4 tail becomes two hex groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (tail) {
    const v4 = parseIPv4(tail[1]);
    if (!v4) return null;
    h = h.slice(0, -tail[1].length) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = h.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (part) => (part === "" ? [] : part.split(":"));
  const head = parseGroups(halves[0]);
  const rest = halves.length === 2 ? parseGroups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function ipv4Reason(octets) {
  const [a, b, c] = octets;
  if (a >= 224)
    return a === 255 && octets.every((o) => o === 255)
      ? "the broadcast address"
      : a < 240
        ? "a multicast address"
        : "a reserved address";
  for (const [first, low, high, reason] of LOCAL_IPV4) if (a === first && b >= low && b <= high) return reason;
  for (const [x, y, z, reason] of LOCAL_IPV4_24) if (a === x && b === y && c === z) return reason;
  return null;
}

/** The IPv4 address held in the two 16-bit groups `high`, `low`. */
const embeddedIPv4 = (high, low) => [high >> 8, high & 0xff, low >> 8, low & 0xff];

function ipv6Reason(g) {
  const first96Zero = g.slice(0, 6).every((x) => x === 0);
  if (first96Zero && g[6] === 0 && g[7] === 0) return "the unspecified address";
  if (first96Zero && g[6] === 0 && g[7] === 1) return "a loopback address";
  if (first96Zero) return "an IPv4-compatible IPv6 address";
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const inner = ipv4Reason(embeddedIPv4(g[6], g[7]));
    return inner ? `an IPv4-mapped form of ${inner}` : null;
  }
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return "an IPv4-translated IPv6 address";
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    const inner = ipv4Reason(embeddedIPv4(g[6], g[7]));
    return inner ? `a NAT64 form of ${inner}` : null;
  }
  if ((g[0] & 0xe000) !== 0x2000) {
    if ((g[0] & 0xfe00) === 0xfc00) return "a unique-local address";
    if ((g[0] & 0xffc0) === 0xfe80) return "a link-local address";
    if ((g[0] & 0xffc0) === 0xfec0) return "a site-local address";
    if ((g[0] & 0xff00) === 0xff00) return "a multicast address";
    return "a reserved IPv6 address";
  }
  // Inside global unicast 2000::/3: the special-purpose blocks.
  if (g[0] === 0x2001 && g[1] < 0x200) return g[1] === 0 ? "a Teredo address" : "an IETF protocol address";
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "a documentation address";
  if (g[0] === 0x3fff && (g[1] & 0xf000) === 0) return "a documentation address";
  if (g[0] === 0x2002) {
    const inner = ipv4Reason(embeddedIPv4(g[1], g[2]));
    return inner ? `a 6to4 form of ${inner}` : null;
  }
  return null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal, brackets allowed) is not a public address, or null when it is public.
 * Text that is not an IP address at all returns undefined.
 */
export function localAddressReason(address) {
  const v4 = parseIPv4(address);
  if (v4) return ipv4Reason(v4);
  const v6 = parseIPv6(address);
  if (v6) return ipv6Reason(v6);
  return undefined;
}

/** True when `address` is an IP literal (IPv4 dotted quad or IPv6, brackets allowed). */
export function isIpLiteral(address) {
  return parseIPv4(address) !== null || parseIPv6(address) !== null;
}
