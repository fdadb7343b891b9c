/**
 * The color arithmetic of the brand profile (./profile.ts) on `#RRGGBB` strings: luminance, saturation, and
 * whether two colors are told apart.
 */

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** HSL saturation (0–1): greys are 0. */
function saturation(hex: string): number {
  const [r, g, b] = rgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const l = (max + min) / 2;
  return (max - min) / (1 - Math.abs(2 * l - 1));
}

/** A color a brand would pick: clearly colored, neither near-white nor near-black. */
export const isChromatic = (hex: string | null): hex is string =>
  hex !== null && saturation(hex) >= 0.25 && luminance(hex) > 0.02 && luminance(hex) < 0.9;

const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((c, i) => c - rgb(b)[i])) * 255;
export const distinct = (a: string | null | undefined, b: string | null | undefined) => !a || !b || distance(a, b) > 40;
