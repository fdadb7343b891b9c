/**
 * What the in-page branding script (./collect.ts) returns: the page's computed styles, boxes, logo candidates and
 * icons, raw and bounded in size. profile.ts turns it into the brand profile.
 */

export interface RawTextStyle {
  color: string | null;
  fontFamily: string;
  fontSize: number;
  fontWeight: number;
  lineHeight: number | null;
}

export interface RawBox {
  background: string | null;
  color: string | null;
  borderColor: string | null;
  borderWidth: number;
  borderRadius: string;
  padding: string;
  fontWeight: number;
  fontFamily: string;
  /** Rendered area in px². */
  area: number;
  text: string;
  inHeader: boolean;
}

export interface RawLogo {
  kind: "img" | "svg";
  src: string;
  alt: string;
  /** Where the logo links to, if it sits in a link. */
  href: string | null;
  inHeader: boolean;
  /** "logo" (or "brand") appears in its id, class, alt, src or its link's. */
  named: boolean;
  linksHome: boolean;
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface RawBranding {
  url: string;
  title: string;
  siteName: string | null;
  applicationName: string | null;
  themeColor: string | null;
  ogImage: string | null;
  favicons: { href: string; rel: string; sizes: string }[];
  /** The page's own background (body, else html), null when transparent. */
  background: string | null;
  body: RawTextStyle;
  headings: Partial<Record<"h1" | "h2" | "h3", RawTextStyle>>;
  codeFontFamily: string | null;
  /** Text colors and fonts, weighted by characters shown. */
  texts: { color: string | null; fontFamily: string; fontWeight: number; chars: number }[];
  links: { color: string; count: number }[];
  /** Background colors of visible elements, weighted by area (px²). */
  surfaces: { color: string; area: number }[];
  buttons: RawBox[];
  inputs: RawBox[];
  logos: RawLogo[];
  /** Padding and margin values seen (px), for the spacing unit. */
  spacings: number[];
  transitions: { duration: string; easing: string }[];
  containerMaxWidths: number[];
  headerHeight: number | null;
}
