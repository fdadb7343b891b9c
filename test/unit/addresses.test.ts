/**
 * The address classifier shared by the Worker's URL check and the local egress proxy's check of resolved
 * addresses: every spelling of a local address is local, public addresses are public.
 */
import { describe, expect, it } from "vitest";
import { isIpLiteral, localAddressReason } from "../../src/net/addresses.js";

describe("localAddressReason", () => {
  it.each([
    ["127.0.0.1", /loopback/],
    ["127.255.0.9", /loopback/],
    ["0.0.0.0", /this network/],
    ["10.1.2.3", /private/],
    ["172.20.0.1", /private/],
    ["192.168.0.1", /private/],
    ["169.254.169.254", /link-local/],
    ["100.100.0.1", /carrier-grade NAT/],
    ["192.0.2.2", /documentation/],
    ["198.18.0.1", /benchmarking/],
    ["224.0.0.1", /multicast/],
    ["255.255.255.255", /broadcast/],
    ["::", /unspecified/],
    ["::1", /loopback/],
    ["[::1]", /loopback/],
    ["::7f00:1", /IPv4-compatible/],
    ["::ffff:127.0.0.1", /IPv4-mapped form of a loopback/],
    ["::ffff:7f00:1", /IPv4-mapped form of a loopback/],
    ["::ffff:a00:1", /IPv4-mapped form of a private/],
    ["::ffff:0:7f00:1", /IPv4-translated/],
    ["64:ff9b::7f00:1", /NAT64 form of a loopback/],
    ["64:ff9b::a9fe:a9fe", /NAT64 form of a link-local/],
    ["2002:7f00:1::1", /6to4 form of a loopback/],
    ["2001::1", /Teredo/],
    ["2001:db8::1", /documentation/],
    ["fc00::1", /unique-local/],
    ["fd00::2", /unique-local/],
    ["fe80::fc:ff:fe00:1%eth0", /link-local/],
    ["fec0::1", /site-local/],
    ["ff02::1", /multicast/],
    ["100::1", /reserved/],
  ])("%s is local (%s)", (address, reason) => {
    expect(localAddressReason(address)).toMatch(reason);
  });

  // prettier-ignore
  it.each([
    "8.8.8.8", "93.184.216.34", "100.128.0.1", "172.32.0.1", "2606:4700::1", "2a00:1450:4001::200e", "::ffff:8.8.8.8",
    "64:ff9b::808:808", "2002:808:808::1",
  ])("%s is public", (address) => {
    expect(localAddressReason(address)).toBeNull();
  });

  it.each(["example.com", "1:2:3:4:5:6:7:8:9", "::1::2", "256.1.1.1", "12345::"])("%s is not an IP literal", (text) => {
    expect(isIpLiteral(text)).toBe(false);
    expect(localAddressReason(text)).toBeUndefined();
  });
});
