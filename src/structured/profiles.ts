/**
 * The `product` and `menu` formats: the profile from the page's structured data (JSON-LD and microdata) when the
 * markup has one — no model call, nothing extra billed — and otherwise from the page's markdown through the LLM,
 * asked for the same shape (billed as the json format). Without markup and without an LLM the document has no
 * profile and says why in `warning`.
 */
import { extractJson, llmConfigured } from "../llm/client";
import { menuFromMarkup, type MenuProfile } from "./menu";
import { productFromMarkup, type ProductProfile } from "./product";
import { schemaObjects } from "./objects";

export interface Profiles {
  product?: ProductProfile;
  menu?: MenuProfile;
  warnings: string[];
  /** Whether the LLM was asked (for billing). */
  usedLlm: boolean;
}

/** What the page may not say: the model answers null for it (as extractJson tells it to). */
const STRING = { type: ["string", "null"] };
const NUMBER = { type: ["number", "null"] };
const PRICE = { type: ["object", "null"], properties: { amount: NUMBER, currency: STRING } };
const AVAILABILITY = { type: ["object", "null"], properties: { inStock: { type: ["boolean", "null"] }, text: STRING } };
const IMAGES = {
  type: ["array", "null"],
  items: { type: "object", properties: { url: STRING, alt: STRING } },
};

const PRODUCT_SCHEMA = {
  type: "object",
  required: ["title", "variants"],
  properties: {
    title: STRING,
    brand: STRING,
    category: STRING,
    description: STRING,
    variants: {
      type: ["array", "null"],
      items: {
        type: "object",
        properties: {
          sku: STRING,
          title: STRING,
          values: { type: ["object", "null"] },
          price: PRICE,
          sale: { type: ["object", "null"], properties: { originalPrice: PRICE } },
          availability: AVAILABILITY,
          images: IMAGES,
        },
      },
    },
  },
};

const MENU_SCHEMA = {
  type: "object",
  required: ["isMenu", "sections"],
  properties: {
    isMenu: { type: ["boolean", "null"] },
    merchant: { type: ["object", "null"], properties: { name: STRING, type: STRING } },
    currency: STRING,
    sections: {
      type: ["array", "null"],
      items: {
        type: "object",
        properties: {
          name: STRING,
          description: STRING,
          items: {
            type: ["array", "null"],
            items: {
              type: "object",
              properties: {
                name: STRING,
                description: STRING,
                price: PRICE,
                dietary: { type: ["array", "null"], items: STRING },
                calories: NUMBER,
              },
            },
          },
        },
      },
    },
  },
};

export async function structuredProfiles(
  env: Env,
  page: { url: string; structured: unknown[]; markdown: string },
  wants: { product: boolean; menu: boolean },
  signal?: AbortSignal,
): Promise<Profiles> {
  const objects = schemaObjects(page.structured);
  const out: Profiles = { warnings: [], usedLlm: false };
  if (wants.product) {
    const product = productFromMarkup(objects, page.url);
    if (product) out.product = product;
    else {
      const read = await fromLlm(env, "product", page.markdown, PRODUCT_SCHEMA, signal, out);
      const product = read ? llmProduct(read as Partial<ProductProfile>, page.url) : null;
      if (product) out.product = product;
    }
  }
  if (wants.menu) {
    const menu = menuFromMarkup(objects, page.url);
    if (menu) out.menu = menu;
    else {
      const read = await fromLlm(env, "menu", page.markdown, MENU_SCHEMA, signal, out);
      if (read) out.menu = llmMenu(read as Partial<MenuProfile>, page.url);
    }
  }
  return out;
}

async function fromLlm(
  env: Env,
  format: "product" | "menu",
  markdown: string,
  schema: Record<string, unknown>,
  signal: AbortSignal | undefined,
  out: Profiles,
): Promise<unknown> {
  const markup = format === "product" ? "Product" : "Menu";
  if (!llmConfigured(env)) {
    out.warnings.push(
      `The ${format} format found no schema.org ${markup} in the page's structured data, and no LLM is configured ` +
        "to read one from its text.",
    );
    return undefined;
  }
  if (!markdown.trim()) return undefined;
  out.usedLlm = true;
  const prompt =
    format === "product"
      ? "The product this page sells: its title, brand, category, description, and each purchasable variant."
      : "The menu on this page, if it is one: the merchant, its sections and their items with prices.";
  const extraction = await extractJson(env, markdown, { prompt, schema }, signal);
  if (extraction.warning) out.warnings.push(extraction.warning);
  return extraction.data ?? undefined;
}

/** The LLM's product in the SDK's shape (null when it named none): the url and each variant's availability set. */
function llmProduct(read: Partial<ProductProfile>, pageUrl: string): ProductProfile | null {
  if (typeof read.title !== "string" || !read.title.trim()) return null;
  const variants = (Array.isArray(read.variants) ? read.variants : []).map((variant) => ({
    ...withoutNulls(variant),
    availability: variant.availability ?? { inStock: false, text: "not stated" },
  }));
  const profile: ProductProfile = { title: read.title, url: pageUrl, variants };
  // The model answers null for what the page does not say: left out, as from markup.
  for (const key of ["brand", "category", "description"] as const) {
    const value = read[key];
    if (typeof value === "string" && value.trim()) profile[key] = value;
  }
  return profile;
}

/** The LLM's menu in the SDK's shape: ids and the required lists filled in. */
function llmMenu(read: Partial<MenuProfile>, pageUrl: string): MenuProfile {
  const sections = (read.sections ?? []).map((section, s) => ({
    id: `s${s + 1}`,
    name: section.name ?? "Menu",
    ...(section.description ? { description: section.description } : {}),
    items: (section.items ?? []).map((item, i) => ({
      ...withoutNulls(item),
      id: `s${s + 1}.i${i + 1}`,
      name: item.name ?? "",
      images: item.images ?? [],
      availability: item.availability ?? { inStock: true, text: "listed" },
      dietary: item.dietary ?? [],
      optionGroups: item.optionGroups ?? [],
      identifiers: item.identifiers ?? {},
      sourceUrl: pageUrl,
    })),
  }));
  return {
    isMenu: read.isMenu ?? sections.some((s) => s.items.length > 0),
    confidence: 0.5,
    merchant: { name: read.merchant?.name ?? "", type: read.merchant?.type ?? null },
    currency: read.currency ?? null,
    sections,
    sourceUrl: pageUrl,
  };
}

/** The model's object without the null values it gave for what the page does not say. */
function withoutNulls<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as Partial<T>;
}
