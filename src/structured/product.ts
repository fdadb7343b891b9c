/**
 * The `product` format: the page's product as the SDK types it (`ProductProfile`: title, brand, category, url,
 * description, and its variants with price, sale, availability and images), read from the page's structured data —
 * a schema.org Product or ProductGroup in JSON-LD or microdata, with its offers and its variants. A page whose
 * markup has no product gets null here; the format then asks the LLM (./profiles.ts).
 */
import { absoluteUrl, availability, images, isObject, isType, list, price, text, type SchemaObject } from "./objects";

export interface ProductPrice {
  amount: number;
  currency?: string;
  formatted?: string;
}

export interface ProductVariant {
  id?: string;
  sku?: string;
  title?: string;
  values?: Record<string, unknown>;
  price?: ProductPrice;
  sale?: { originalPrice: ProductPrice };
  availability: { inStock: boolean; text?: string };
  images?: Array<{ url: string; alt?: string }>;
}

export interface ProductProfile {
  title: string;
  brand?: string;
  category?: string;
  url: string;
  description?: string;
  variants: ProductVariant[];
}

const PRODUCT = /^(Product|ProductGroup|IndividualProduct|ProductModel|SomeProducts|Vehicle|Car)$/;
const OFFER = /^(Offer|AggregateOffer)$/;
/** The properties a variant differs in, when the markup names them (`variesBy` names them too). */
const VARIANT_PROPERTIES = ["color", "size", "material", "pattern", "model", "width", "height", "depth", "weight"];
/** Price types of a strike-through price (`priceSpecification` with `priceType`). */
const ORIGINAL_PRICE = /(ListPrice|StrikethroughPrice|MSRP|SRP)$/i;

/** The page's product; null when its structured data names none. */
export function productFromMarkup(objects: SchemaObject[], pageUrl: string): ProductProfile | null {
  const products = objects.filter((o) => isType(o, PRODUCT) && text(o.name));
  // A product group holds the others as its variants: it is the product.
  const product = products.find((o) => list(o.hasVariant).length > 0) ?? products[0];
  if (!product) return null;
  const variantObjects = list(product.hasVariant).filter(isObject);
  const variants = variantObjects.length
    ? variantObjects.flatMap((v) => variantsOf(v, pageUrl, product))
    : variantsOf(product, pageUrl, product);
  const profile: ProductProfile = {
    title: text(product.name)!,
    url: absoluteUrl(product.url, pageUrl) ?? pageUrl,
    variants,
  };
  const brand = text(product.brand ?? product.manufacturer);
  if (brand) profile.brand = brand;
  const category = list(product.category).map(text).filter(Boolean).join(" > ");
  if (category) profile.category = category;
  const description = text(product.description);
  if (description) profile.description = description;
  return profile;
}

/** A product's purchasable variants: one per offer it lists (one when it lists none). */
function variantsOf(product: SchemaObject, pageUrl: string, group: SchemaObject): ProductVariant[] {
  const offers = list(product.offers)
    .filter(isObject)
    .flatMap((o) => (isType(o, /^AggregateOffer$/) && list(o.offers).length ? list(o.offers).filter(isObject) : [o]))
    .filter((o) => !o["@type"] || isType(o, OFFER));
  const base: ProductVariant = { availability: availability(undefined) };
  const sku = text(product.sku);
  if (sku) base.sku = sku;
  const id = text(product.productID ?? product.gtin13 ?? product.gtin ?? product.mpn ?? product["@id"]) ?? sku;
  if (id) base.id = id;
  if (product !== group) {
    const title = text(product.name);
    if (title) base.title = title;
  }
  const values = variantValues(product, group);
  if (values) base.values = values;
  const pictures = images(product.image, pageUrl);
  if (pictures.length) base.images = pictures;
  if (!offers.length) return [base];
  return offers.map((offer) => {
    const variant: ProductVariant = { ...base, availability: availability(offer.availability) };
    const offerSku = text(offer.sku);
    if (offerSku && offers.length > 1) variant.sku = offerSku;
    const offerName = text(offer.name);
    if (offerName && offers.length > 1) variant.title = offerName;
    const current = price(offer);
    if (current) variant.price = current;
    const original = list(offer.priceSpecification)
      .filter(isObject)
      .find((spec) => ORIGINAL_PRICE.test(text(spec.priceType) ?? ""));
    const originalPrice = price(original);
    if (originalPrice && current && originalPrice.amount > current.amount) variant.sale = { originalPrice };
    return variant;
  });
}

/** What a variant differs in: the named properties and `additionalProperty` name/value pairs. */
function variantValues(product: SchemaObject, group: SchemaObject): Record<string, unknown> | undefined {
  const names = new Set([...VARIANT_PROPERTIES, ...list(group.variesBy).map((v) => text(v)?.replace(/^.*\//, ""))]);
  const values: Record<string, unknown> = {};
  for (const name of names) {
    if (!name) continue;
    const value = text(product[name]);
    if (value !== undefined) values[name] = value;
  }
  for (const property of list(product.additionalProperty).filter(isObject)) {
    const name = text(property.name);
    const value = text(property.value);
    if (name && value !== undefined) values[name] = value;
  }
  return Object.keys(values).length ? values : undefined;
}
