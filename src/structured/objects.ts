/**
 * The page's structured data as one list of schema.org objects — JSON-LD blocks (with `@graph` and every nested
 * object) and microdata items (./microdata.ts) alike — and the small readers the profiles use on their values,
 * which schema.org lets be a string, a number, an object with a `name` or `@value`, or a list of those.
 */

export type SchemaObject = Record<string, unknown>;

/** Objects looked at, at most. */
const MAX_OBJECTS = 5_000;

/** Every object in `sources`, outer ones before those nested in them. */
export function schemaObjects(sources: unknown[]): SchemaObject[] {
  const out: SchemaObject[] = [];
  const queue: unknown[] = [...sources];
  for (let i = 0; i < queue.length && out.length < MAX_OBJECTS; i++) {
    const value = queue[i];
    if (Array.isArray(value)) queue.push(...value);
    else if (value !== null && typeof value === "object") {
      out.push(value as SchemaObject);
      for (const inner of Object.values(value)) if (inner !== null && typeof inner === "object") queue.push(inner);
    }
  }
  return out;
}

/** The object's @type names, without a schema.org prefix. */
export function typesOf(object: SchemaObject): string[] {
  const declared = object["@type"];
  return (Array.isArray(declared) ? declared : [declared])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, ""));
}

export const isType = (object: SchemaObject, pattern: RegExp) => typesOf(object).some((t) => pattern.test(t));

/** A schema.org object (not a list, not a plain value). */
export const isObject = (v: unknown): v is SchemaObject => v !== null && typeof v === "object" && !Array.isArray(v);

export const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : [value].flat());

/** A value as text: a string or number, an object's `name` or `@value`; the first of a list. */
export function text(value: unknown): string | undefined {
  for (const v of list(value)) {
    if (typeof v === "string" && v.trim()) return v.trim();
    if (typeof v === "number") return String(v);
    if (v !== null && typeof v === "object") {
      const inner = text((v as SchemaObject)["@value"] ?? (v as SchemaObject).name);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** A number from `12.5`, `"12.50"` or `"1,299.00"`; undefined when it is none. */
export function amount(value: unknown): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const cleaned = raw.replace(/[^\d.,-]/g, "");
  // "1.299,00" (decimal comma) and "1,299.00" (thousands comma) both occur.
  const normalized = /,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(/\./g, "").replace(",", ".")
    : cleaned.replace(/,/g, "");
  const n = Number.parseFloat(normalized);
  return Number.isFinite(n) ? n : undefined;
}

export function absoluteUrl(value: unknown, baseUrl: string): string | undefined {
  const raw =
    typeof value === "object" && value !== null
      ? text((value as SchemaObject).url ?? (value as SchemaObject)["@id"])
      : text(value);
  if (!raw) return undefined;
  try {
    return new URL(raw, baseUrl).href;
  } catch {
    return undefined;
  }
}

/** Images as `{url, alt}`: URLs, ImageObjects (`url`/`contentUrl`, `caption`/`name`), or lists of them. */
export function images(value: unknown, baseUrl: string): Array<{ url: string; alt?: string }> {
  const out: Array<{ url: string; alt?: string }> = [];
  for (const v of list(value)) {
    const object = v !== null && typeof v === "object" ? (v as SchemaObject) : null;
    const url = absoluteUrl(object ? (object.contentUrl ?? object.url) : v, baseUrl);
    if (!url || out.some((i) => i.url === url)) continue;
    const alt = object ? text(object.caption ?? object.name ?? object.description) : undefined;
    out.push(alt ? { url, alt } : { url });
  }
  return out;
}

/** `https://schema.org/InStock` → `InStock`. */
export const enumName = (value: unknown) => text(value)?.replace(/^https?:\/\/schema\.org\//i, "");

const IN_STOCK = /^(InStock|LimitedAvailability|OnlineOnly|InStoreOnly|PreOrder|PreSale|BackOrder)$/i;

/** An offer's availability; not stated → not claimed to be in stock. */
export function availability(value: unknown): { inStock: boolean; text?: string } {
  const name = enumName(value);
  return name ? { inStock: IN_STOCK.test(name), text: name } : { inStock: false, text: "not stated" };
}

/** A price of an Offer or PriceSpecification: `price` (or `lowPrice`) with `priceCurrency`. */
export function price(
  offer: SchemaObject | undefined,
): { amount: number; currency?: string; formatted?: string } | undefined {
  if (!offer) return undefined;
  const raw = text(offer.price ?? offer.lowPrice);
  const value = amount(raw);
  if (value === undefined) {
    const spec = list(offer.priceSpecification).find(isObject);
    return spec && spec !== offer ? price(spec) : undefined;
  }
  const currency = text(offer.priceCurrency);
  // The text as the page shows it ("$19.99"), when it is more than the number.
  const formatted = raw && /[^\d.,\s-]/.test(raw) ? raw : undefined;
  return { amount: value, ...(currency ? { currency } : {}), ...(formatted ? { formatted } : {}) };
}
