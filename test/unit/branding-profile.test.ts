/**
 * The branding heuristics on hand-made readings of a page (what the in-page script returns), for the cases the
 * fixture pages of test/integration/branding.test.ts do not show: a dark page, a theme-color without colored
 * buttons, and a page that offers no brand color at all.
 */
import { describe, expect, it } from "vitest";
import type { RawBranding } from "../../src/branding/raw";
import { isChromatic } from "../../src/branding/colors";
import { buildProfile } from "../../src/branding/profile";

const text = { color: "#EEEEEE", fontFamily: "system-ui, sans-serif", fontSize: 16, fontWeight: 400, lineHeight: 1.4 };

function raw(overrides: Partial<RawBranding>): RawBranding {
  return {
    url: "https://dark.example/",
    title: "Dark Site",
    siteName: null,
    applicationName: null,
    themeColor: null,
    ogImage: null,
    favicons: [],
    background: "#101418",
    body: text,
    headings: {},
    codeFontFamily: null,
    texts: [{ color: "#EEEEEE", fontFamily: text.fontFamily, fontWeight: 400, chars: 900 }],
    links: [],
    surfaces: [],
    buttons: [],
    inputs: [],
    logos: [],
    spacings: [],
    transitions: [],
    containerMaxWidths: [],
    headerHeight: null,
    ...overrides,
  };
}

describe("branding heuristics", () => {
  it("a dark background gives the dark scheme; a theme-color is the primary color when no button is colored", () => {
    const { profile, undecided } = buildProfile(raw({ themeColor: "#7B2CBF", applicationName: "Nightjar" }));
    expect(profile).toMatchObject({
      colorScheme: "dark",
      brandName: "Nightjar",
      colors: { primary: "#7B2CBF", background: "#101418", textPrimary: "#EEEEEE" },
    });
    expect(undecided).toEqual({});
  });

  it("a page with no brand color and no name: nothing invented, the name left to the title and the LLM", () => {
    const { profile, undecided } = buildProfile(raw({ title: "Home - Dark Site" }));
    expect(profile.colors.primary).toBeUndefined();
    expect(profile.brandName).toBe("Dark Site");
    expect(undecided).toEqual({ brandName: { hints: ["Home", "Dark Site", "dark.example"] } });
    expect(profile.logo).toBeNull();
  });

  it("greys, near-white and near-black are not brand colors", () => {
    expect(["#777777", "#FEFEFE", "#050505"].map(isChromatic)).toEqual([false, false, false]);
    expect(["#E4572E", "#17BEBB", "#7B2CBF"].map(isChromatic)).toEqual([true, true, true]);
  });
});
