/**
 * The shaped personal data redactPII finds without a model (src/redact/patterns.ts): what each pattern takes, and
 * the numbers and words next to it that it must leave alone (dates, prices, versions, quantities, prose).
 */
import { describe, expect, it } from "vitest";
import { findPatterns, isCard, isIban, isPhone } from "../../src/redact/patterns";
import { PII_ENTITIES, type PiiEntity } from "../../src/schemas/redact";

const ALL = new Set<PiiEntity>(PII_ENTITIES);
const found = (text: string, kinds = ALL) => findPatterns(text, kinds).map((s) => [s.kind, text.slice(s.start, s.end)]);

describe("redaction patterns", () => {
  it("finds e-mail addresses, but not image names with a scale suffix", () => {
    expect(found("Mail ada.lovelace+news@harbour-lantern.test, or see logo@2x.png.")).toEqual([
      ["EMAIL", "ada.lovelace+news@harbour-lantern.test"],
    ]);
  });

  it("finds phone numbers as people write them", () => {
    // prettier-ignore
    const phones = [
      "+1 (555) 010-4477", "+44 20 7946 0958", "020 7946 0958", "(555) 010 4477", "555-0104", "+15550104478",
      "555.010.4477", "+49 30 1234567",
    ];
    for (const phone of phones) expect(found(`Call ${phone} today.`), phone).toEqual([["PHONE", phone]]);
  });

  it("leaves dates, prices, versions, quantities, years and ids alone", () => {
    // prettier-ignore
    const numbers = [
      "2024-05-17", "17.05.2024", "05/17/2024", "1,299.00", "4.42.0", "1 250 000", "1.250.000", "in 1887",
      "42 members", "order 1234 5678", "ISBN 978-3-16-148410-0", "/items/55501044771", "v2.10.3-rc1",
    ];
    for (const text of numbers) expect(found(text), text).toEqual([]);
  });

  it("finds card numbers that pass the Luhn check, and IBANs that pass mod 97", () => {
    expect(found("Pay with 4111 1111 1111 1111 or 5500-0000-0000-0004 or 4111111111111111.")).toEqual([
      ["FINANCIAL", "4111 1111 1111 1111"],
      ["FINANCIAL", "5500-0000-0000-0004"],
      ["FINANCIAL", "4111111111111111"],
    ]);
    expect(isCard("4111 1111 1111 1112")).toBe(false);
    expect(isCard("0000 0000 0000 0000")).toBe(false);
    expect(found("IBAN DE89 3704 0044 0532 0130 00 or GB82WEST12345698765432.")).toEqual([
      ["FINANCIAL", "DE89 3704 0044 0532 0130 00"],
      ["FINANCIAL", "GB82WEST12345698765432"],
    ]);
    expect(isIban("DE89 3704 0044 0532 0130 01")).toBe(false);
  });

  it("finds provider tokens, private keys and values given to secret names, not prose", () => {
    const key = "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD9\n-----END RSA PRIVATE KEY-----";
    const text =
      `api_key=Zq8v2LkP0wXy7RtB93mN and ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 and AKIAIOSFODNN7EXAMPLE\n${key}\n` +
      "password: required for every member";
    expect(found(text).map(([kind, value]) => `${kind}:${value.slice(0, 12)}`)).toEqual([
      "SECRET:Zq8v2LkP0wXy",
      "SECRET:ghp_A1b2C3d4",
      "SECRET:AKIAIOSFODNN",
      "SECRET:-----BEGIN R",
    ]);
  });

  it("looks only for the kinds asked for; a card is never read as a phone number", () => {
    const text = "ada@harbour-lantern.test, +44 20 7946 0958, 3782 822463 10005";
    expect(found(text, new Set(["EMAIL"]))).toEqual([["EMAIL", "ada@harbour-lantern.test"]]);
    expect(found(text).map(([kind]) => kind)).toEqual(["EMAIL", "PHONE", "FINANCIAL"]);
    expect(isPhone("3782 822463 10005")).toBe(true); // why FINANCIAL is looked for first
  });

  it("reads an address's local part back from its @, never into the address before it", () => {
    expect(found("ada@harbour.test-bob@lantern.test x@@y.test @z.test")).toEqual([
      ["EMAIL", "ada@harbour.test"],
      ["EMAIL", "-bob@lantern.test"],
    ]);
  });

  it("keeps the first of overlapping finds across kinds, on pages of tens of thousands of them", () => {
    const text = "ada@harbour-lantern.test, +44 20 7946 0958, 3782 822463 10005; ".repeat(10_000);
    const kinds = found(text).map(([kind]) => kind);
    expect(kinds).toHaveLength(30_000);
    expect(kinds.slice(0, 3)).toEqual(["EMAIL", "PHONE", "FINANCIAL"]);
  });

  it("finds nothing in long runs an address's or a key's pattern would rescan from every position", () => {
    // Each took 10–13 s (a pattern starting the local part at every position of the run); now one pass each.
    for (const text of ["1".repeat(100_000), "1-".repeat(50_000), `${"a.".repeat(50_000)}@`]) {
      expect(found(text)).toEqual([]);
    }
    const unclosed = "-----BEGIN RSA PRIVATE KEY-----MIIB".repeat(5_000);
    expect(found(`${unclosed}-----END RSA PRIVATE KEY-----`)).toHaveLength(1);
    expect(found(unclosed)).toEqual([]);
  });
});
