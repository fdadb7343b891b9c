/**
 * The Worker-side half of the `branding` format: what the in-page script read (collect.ts) becomes the
 * BrandingProfile of docs/api.md ("Branding"). Decisions are heuristics on what the page shows most: the
 * background and text colors by area and characters, the primary button by fill, size and count, the brand
 * color from that button (or the page's theme-color), fonts from body, headings and code, the spacing unit
 * from the paddings and margins in use, the logo from named or header images that link home.
 *
 * Two roles are not always decidable this way: which color is the brand's primary one (when no colored button
 * or theme-color says so) and the brand's name (when neither og:site_name, application-name nor the logo's
 * alt text gives it). Those come back as `undecided` with their candidates, for the LLM to name (roles.ts).
 */
import { luminance, isChromatic, distinct } from "./colors";
import type { RawBox, RawBranding, RawLogo, RawTextStyle } from "./raw";

export interface ButtonStyle {
  background: string | null;
  textColor: string | null;
  borderColor?: string | null;
  borderRadius: string;
  padding?: string;
  fontWeight?: number;
}

export interface BrandingProfile {
  colorScheme: "light" | "dark";
  brandName: string | null;
  logo: string | null;
  colors: Partial<
    Record<"primary" | "secondary" | "accent" | "background" | "textPrimary" | "textSecondary" | "link", string>
  >;
  fonts: { family: string; role: "body" | "heading" | "code" | "button" }[];
  typography: {
    fontFamilies: Partial<Record<"primary" | "heading" | "code", string>>;
    fontStacks: Partial<Record<"primary" | "heading" | "code", string[]>>;
    fontSizes: Partial<Record<"h1" | "h2" | "h3" | "body", string>>;
    fontWeights: Partial<Record<"light" | "regular" | "medium" | "bold", number>>;
    lineHeights: Partial<Record<"heading" | "body", number>>;
  };
  spacing: {
    baseUnit: number | null;
    borderRadius: string | null;
    padding: Partial<Record<"button" | "input", string>>;
  };
  components: { buttonPrimary?: ButtonStyle; buttonSecondary?: ButtonStyle; input?: ButtonStyle };
  images: {
    logo: string | null;
    logoHref: string | null;
    logoAlt: string | null;
    favicon: string | null;
    ogImage: string | null;
  };
  animations: { transitionDuration?: string; easing?: string };
  layout: { maxWidth?: string; headerHeight?: string };
}

/** Roles the heuristics could not settle, with what to choose from. */
export interface Undecided {
  primaryColor?: { candidates: { color: string; usage: string }[] };
  brandName?: { hints: string[] };
}

// ---------------------------------------------------------------------------------------------------------------
// Fonts

/** `"Inter", Helvetica, sans-serif` → ["Inter", "Helvetica", "sans-serif"]. */
export function fontStack(family: string): string[] {
  return family
    .split(",")
    .map((f) => f.trim().replace(/^["']|["']$/g, ""))
    .filter(Boolean);
}

const primaryFamily = (family: string | null | undefined) => (family ? (fontStack(family)[0] ?? null) : null);

// ---------------------------------------------------------------------------------------------------------------

const mostCommon = <T>(values: T[]): T | undefined => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/** Filled buttons grouped by their fill, the most prominent (count × area, colored first) first. */
function buttonGroups(buttons: RawBox[], background: string): RawBox[][] {
  const groups = new Map<string, RawBox[]>();
  for (const b of buttons) {
    if (!b.background || !distinct(b.background, background)) continue;
    groups.set(b.background, [...(groups.get(b.background) ?? []), b]);
  }
  const weight = (group: RawBox[]) =>
    group.reduce((sum, b) => sum + Math.sqrt(b.area), 0) * (isChromatic(group[0].background) ? 3 : 1);
  return [...groups.values()].sort((a, b) => weight(b) - weight(a));
}

const buttonStyle = (b: RawBox): ButtonStyle => ({
  background: b.background,
  textColor: b.color,
  borderColor: b.borderColor,
  borderRadius: b.borderRadius,
  padding: b.padding,
  fontWeight: b.fontWeight,
});

/** The logo among the candidates: named ones that link home and sit at the top-left first. */
function pickLogo(logos: RawLogo[]): RawLogo | null {
  const score = (l: RawLogo) =>
    (l.named ? 4 : 0) +
    (l.linksHome ? 3 : 0) +
    (l.inHeader ? 2 : 0) +
    (l.left < 400 ? 1 : 0) +
    (l.top < 200 ? 1 : 0) -
    (l.width > 600 || l.height > 300 ? 4 : 0);
  const ranked = logos.filter((l) => l.named || (l.inHeader && l.linksHome)).sort((a, b) => score(b) - score(a));
  return ranked[0] ?? null;
}

function pickFavicon(raw: RawBranding): string | null {
  const size = (s: string) => Number(/(?<!\d)(\d+)x/.exec(s)?.[1] ?? 0);
  const icons = [...raw.favicons].sort(
    (a, b) =>
      Number(b.rel.includes("icon") && !b.rel.includes("apple")) -
        Number(a.rel.includes("icon") && !a.rel.includes("apple")) || size(b.sizes) - size(a.sizes),
  );
  return icons[0]?.href ?? null;
}

/** The spacing unit most paddings and margins are multiples of (8, then 4), or the most common small value. */
function baseUnit(spacings: number[]): number | null {
  const values = spacings.filter((v) => v >= 2).map((v) => Math.round(v));
  if (values.length < 5) return null;
  for (const unit of [8, 4]) if (values.filter((v) => v % unit === 0).length / values.length >= 0.7) return unit;
  return mostCommon(values.filter((v) => v <= 16)) ?? null;
}

function weights(styles: RawTextStyle[], texts: RawBranding["texts"]): BrandingProfile["typography"]["fontWeights"] {
  const seen = new Set([...styles.map((s) => s.fontWeight), ...texts.map((t) => t.fontWeight)]);
  const pick = (lo: number, hi: number) => [...seen].filter((w) => w >= lo && w <= hi).sort((a, b) => a - b)[0];
  const out: BrandingProfile["typography"]["fontWeights"] = {};
  const light = pick(100, 399);
  const regular = styles[0]?.fontWeight ?? pick(400, 499);
  const medium = pick(500, 599);
  const bold = [...seen].filter((w) => w >= 600).sort((a, b) => b - a)[0];
  if (light !== undefined) out.light = light;
  if (regular !== undefined) out.regular = regular;
  if (medium !== undefined) out.medium = medium;
  if (bold !== undefined) out.bold = bold;
  return out;
}

/** Brand-name hints from the title: its parts around separators ("Pricing | Acme" → Pricing, Acme). */
function titleParts(title: string): string[] {
  return title
    .split(/(?!(?<=\s)\s)\s+[|–—·:-]\s+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0 && p.length <= 60);
}

export function buildProfile(raw: RawBranding): { profile: BrandingProfile; undecided: Undecided } {
  const background = raw.background ?? "#FFFFFF";
  const undecided: Undecided = {};

  const charsByColor = new Map<string, number>();
  for (const t of raw.texts) if (t.color) charsByColor.set(t.color, (charsByColor.get(t.color) ?? 0) + t.chars);
  const textColors = [...charsByColor.entries()].sort((a, b) => b[1] - a[1]).map(([color]) => color);
  const textPrimary = textColors[0] ?? raw.body.color ?? undefined;
  const link = raw.links[0]?.color;
  const textSecondary = textColors.find(
    (c) => distinct(c, textPrimary) && distinct(c, link) && !isChromatic(c) && distinct(c, background),
  );

  const groups = buttonGroups(raw.buttons, background);
  const primaryButton = groups[0]?.[0];
  const outline = raw.buttons.find(
    (b) =>
      (!b.background || !distinct(b.background, background)) && b.borderColor && distinct(b.borderColor, background),
  );
  const secondaryButton = outline ?? groups[1]?.[0];

  // The brand color: a colored primary button says it; else the page's declared theme color; else the LLM decides.
  const chromaticUsage = new Map<string, string[]>();
  const note = (color: string | null | undefined, where: string) => {
    if (isChromatic(color ?? null)) chromaticUsage.set(color!, [...(chromaticUsage.get(color!) ?? []), where]);
  };
  for (const group of groups) note(group[0].background, `${group.length} button(s) "${group[0].text}"`);
  note(raw.themeColor, "theme-color");
  for (const l of raw.links) note(l.color, `${l.count} link(s)`);
  for (const s of raw.surfaces) note(s.color, `backgrounds, ${s.area} px²`);
  for (const h of Object.values(raw.headings)) note(h?.color, "headings");
  const candidates = [...chromaticUsage.keys()];
  let primary: string | undefined;
  if (isChromatic(primaryButton?.background ?? null)) primary = primaryButton!.background!;
  else if (isChromatic(raw.themeColor)) primary = raw.themeColor;
  else if (candidates.length > 0) {
    primary = candidates[0];
    if (candidates.length > 1)
      undecided.primaryColor = {
        candidates: candidates.slice(0, 8).map((color) => ({ color, usage: chromaticUsage.get(color)!.join(", ") })),
      };
  }
  const secondaryColor =
    [secondaryButton?.background, secondaryButton?.borderColor].find(
      (c) => isChromatic(c ?? null) && distinct(c, primary),
    ) ?? undefined;
  const accent = candidates.find((c) => distinct(c, primary) && distinct(c, secondaryColor));

  const logo = pickLogo(raw.logos);
  const logoAlt = logo?.alt ? logo.alt.replace(/(?!(?<=\s)\s)\s*\blogo\b\s*/gi, " ").trim() || null : null;
  let brandName = raw.siteName ?? raw.applicationName ?? logoAlt;
  if (!brandName) {
    const hints = [...new Set([...titleParts(raw.title), new URL(raw.url).hostname.replace(/^www\./, "")])];
    brandName = titleParts(raw.title).at(-1) ?? null;
    if (hints.length > 0) undecided.brandName = { hints };
  }

  const heading = raw.headings.h1 ?? raw.headings.h2 ?? raw.headings.h3;
  const fonts: BrandingProfile["fonts"] = [];
  const addFont = (family: string | null, role: BrandingProfile["fonts"][number]["role"]) => {
    if (family && !fonts.some((f) => f.family === family)) fonts.push({ family, role });
  };
  addFont(primaryFamily(raw.body.fontFamily), "body");
  addFont(primaryFamily(heading?.fontFamily), "heading");
  addFont(primaryFamily(primaryButton?.fontFamily), "button");
  addFont(primaryFamily(raw.codeFontFamily), "code");

  const colors: BrandingProfile["colors"] = { background };
  if (primary) colors.primary = primary;
  if (secondaryColor) colors.secondary = secondaryColor;
  if (accent) colors.accent = accent;
  if (textPrimary) colors.textPrimary = textPrimary;
  if (textSecondary) colors.textSecondary = textSecondary;
  if (link) colors.link = link;

  const sizes: BrandingProfile["typography"]["fontSizes"] = { body: `${raw.body.fontSize}px` };
  for (const tag of ["h1", "h2", "h3"] as const) if (raw.headings[tag]) sizes[tag] = `${raw.headings[tag]!.fontSize}px`;
  const lineHeights: BrandingProfile["typography"]["lineHeights"] = {};
  if (raw.body.lineHeight) lineHeights.body = raw.body.lineHeight;
  if (heading?.lineHeight) lineHeights.heading = heading.lineHeight;

  const radius =
    mostCommon([...raw.buttons, ...raw.inputs].map((b) => b.borderRadius).filter((r) => r && r !== "0px")) ?? null;
  const input = raw.inputs[0];
  const transition = raw.transitions[0];
  const maxWidth = mostCommon(raw.containerMaxWidths.filter((w) => w >= 600));

  const profile: BrandingProfile = {
    colorScheme: luminance(background) < 0.2 ? "dark" : "light",
    brandName,
    logo: logo?.src ?? null,
    colors,
    fonts,
    typography: {
      fontFamilies: {
        primary: primaryFamily(raw.body.fontFamily) ?? undefined,
        heading: primaryFamily(heading?.fontFamily) ?? undefined,
        code: primaryFamily(raw.codeFontFamily) ?? undefined,
      },
      fontStacks: {
        primary: fontStack(raw.body.fontFamily),
        heading: heading ? fontStack(heading.fontFamily) : undefined,
        code: raw.codeFontFamily ? fontStack(raw.codeFontFamily) : undefined,
      },
      fontSizes: sizes,
      fontWeights: weights([raw.body, ...Object.values(raw.headings)], raw.texts),
      lineHeights,
    },
    spacing: {
      baseUnit: baseUnit(raw.spacings),
      borderRadius: radius,
      padding: {
        ...(primaryButton ? { button: primaryButton.padding } : {}),
        ...(input ? { input: input.padding } : {}),
      },
    },
    components: {
      ...(primaryButton ? { buttonPrimary: buttonStyle(primaryButton) } : {}),
      ...(secondaryButton ? { buttonSecondary: buttonStyle(secondaryButton) } : {}),
      ...(input ? { input: buttonStyle(input) } : {}),
    },
    images: {
      logo: logo?.src ?? null,
      logoHref: logo?.href ?? null,
      logoAlt: logo?.alt || null,
      favicon: pickFavicon(raw),
      ogImage: raw.ogImage,
    },
    animations: transition ? { transitionDuration: transition.duration, easing: transition.easing } : {},
    layout: {
      ...(maxWidth ? { maxWidth: `${maxWidth}px` } : {}),
      ...(raw.headerHeight ? { headerHeight: `${raw.headerHeight}px` } : {}),
    },
  };
  return { profile: JSON.parse(JSON.stringify(profile)) as BrandingProfile, undecided };
}
