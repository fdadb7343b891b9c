/**
 * The `menu` format: a restaurant's menu as the SDK types it (`MenuProfile`: the merchant, the currency, and
 * sections of items with price, availability, dietary labels, calories and images), read from the page's
 * structured data — a schema.org Menu (`hasMenuSection`, `hasMenuItem`) in JSON-LD or microdata, and the
 * Restaurant or other FoodEstablishment that has it. A page whose markup has no menu gets null here; the format
 * then asks the LLM (./profiles.ts).
 */
import {
  absoluteUrl,
  amount,
  availability,
  enumName,
  images,
  isObject,
  isType,
  list,
  price,
  text,
  type SchemaObject,
} from "./objects";

export interface MenuItem {
  id: string;
  name: string;
  description?: string;
  images: Array<{ url: string; alt?: string }>;
  price?: { amount: number; currency?: string; formatted?: string };
  availability: { inStock: boolean; text?: string };
  dietary: string[];
  calories?: number;
  optionGroups: unknown[];
  identifiers: { merchantItemId?: string };
  url?: string;
  sourceUrl: string;
}

export interface MenuSection {
  id: string;
  name: string;
  description?: string;
  items: MenuItem[];
}

export interface MenuProfile {
  isMenu: boolean;
  confidence: number;
  merchant: { name: string; type?: string | null; location?: unknown };
  currency?: string | null;
  sections: MenuSection[];
  sourceUrl: string;
}

const MERCHANT = new RegExp(
  "^(Restaurant|FoodEstablishment|CafeOrCoffeeShop|Bakery|BarOrPub|Brewery|FastFoodRestaurant|IceCreamShop|" +
    "Winery|Distillery)$",
);

/** The page's menu; null when its structured data has none. */
export function menuFromMarkup(objects: SchemaObject[], pageUrl: string): MenuProfile | null {
  const merchant = objects.find((o) => isType(o, MERCHANT) && list(o.hasMenu).some(isObject));
  const menu =
    (merchant && (list(merchant.hasMenu).find(isObject) as SchemaObject)) ?? objects.find((o) => isType(o, /^Menu$/));
  if (!menu) return null;
  const sections: MenuSection[] = [];
  list(menu.hasMenuSection)
    .filter(isObject)
    .forEach((section, i) => sections.push(...sectionsOf(section, `s${i + 1}`, pageUrl)));
  const loose = list(menu.hasMenuItem).filter(isObject);
  if (loose.length) sections.push(section("s0", text(menu.name) ?? "Menu", undefined, loose, pageUrl));
  if (!sections.length) return null;
  const currency = sections.flatMap((s) => s.items).find((i) => i.price?.currency)?.price?.currency ?? null;
  const owner = merchant ?? objects.find((o) => isType(o, MERCHANT));
  return {
    isMenu: true,
    confidence: 1,
    merchant: {
      name: text(owner?.name) ?? text(menu.name) ?? "",
      type: owner ? (enumName(owner["@type"]) ?? null) : null,
      ...(owner?.address !== undefined ? { location: owner.address } : {}),
    },
    currency,
    sections,
    sourceUrl: pageUrl,
  };
}

const LISTED = { inStock: true, text: "listed" };

/** A section, and the sections nested in it (each on its own, named after the outer one). */
function sectionsOf(object: SchemaObject, id: string, pageUrl: string): MenuSection[] {
  const name = text(object.name) ?? "Menu";
  const own = section(id, name, text(object.description), list(object.hasMenuItem).filter(isObject), pageUrl);
  const nested = list(object.hasMenuSection)
    .filter(isObject)
    .flatMap((inner, i) =>
      sectionsOf({ ...inner, name: `${name} > ${text(inner.name) ?? ""}` }, `${id}.${i + 1}`, pageUrl),
    );
  return [...(own.items.length || !nested.length ? [own] : []), ...nested];
}

function section(id: string, name: string, description: string | undefined, items: SchemaObject[], pageUrl: string) {
  const out: MenuSection = { id, name, items: items.map((item, i) => menuItem(item, `${id}.i${i + 1}`, pageUrl)) };
  if (description) out.description = description;
  return out;
}

function menuItem(object: SchemaObject, id: string, pageUrl: string): MenuItem {
  const offer = list(object.offers).find(isObject);
  const item: MenuItem = {
    id: text(object["@id"]) ?? id,
    name: text(object.name) ?? "",
    images: images(object.image, pageUrl),
    // A dish on the menu is served unless its offer says otherwise.
    availability: offer?.availability !== undefined ? availability(offer.availability) : { ...LISTED },
    dietary: list(object.suitableForDiet)
      .map((d) =>
        enumName(d)
          ?.replace(/Diet$/, "")
          .replace(/([a-z])([A-Z])/g, "$1 $2")
          .toLowerCase(),
      )
      .filter((d): d is string => Boolean(d)),
    optionGroups: list(object.menuAddOn),
    identifiers: {},
    sourceUrl: pageUrl,
  };
  const description = text(object.description);
  if (description) item.description = description;
  const cost = price(offer ?? object);
  if (cost) item.price = cost;
  const nutrition = list(object.nutrition).find(isObject);
  const calories = amount(nutrition?.calories);
  if (calories !== undefined) item.calories = calories;
  const merchantItemId = text(object.identifier ?? object.sku ?? offer?.sku);
  if (merchantItemId) item.identifiers.merchantItemId = merchantItemId;
  const url = absoluteUrl(object.url, pageUrl);
  if (url) item.url = url;
  return item;
}
