/**
 * The in-page half of the `branding` format: a script the browser engine runs on the rendered page (like the
 * `executeJavascript` action) that reads what the page shows — computed colors, fonts, sizes, spacing, button
 * and input styles, logo candidates, icons and social images — and returns it raw (./raw.ts), bounded in size. Turning
 * that into a brand profile happens in the Worker (profile.ts), where it can be tested without a browser.
 *
 * It is page source, not a function, so that nothing the bundler adds to functions reaches the page. Colors
 * come back as `#RRGGBB` (null when transparent): a 1×1 canvas reads any CSS color the page uses (rgb, hsl,
 * oklch…) as pixels.
 */

export const BRANDING_SCRIPT = String.raw`(() => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx2d = canvas.getContext("2d", { willReadFrequently: true });
  const colorCache = new Map();
  const hex = (n) => n.toString(16).padStart(2, "0").toUpperCase();
  const toHex = (css) => {
    if (!css || css === "transparent") return null;
    if (colorCache.has(css)) return colorCache.get(css);
    let out = null;
    try {
      ctx2d.clearRect(0, 0, 1, 1);
      ctx2d.fillStyle = "#000";
      ctx2d.fillStyle = css;
      ctx2d.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx2d.getImageData(0, 0, 1, 1).data;
      out = a < 128 ? null : "#" + hex(r) + hex(g) + hex(b);
    } catch (e) {}
    colorCache.set(css, out);
    return out;
  };
  const px = (v) => {
    const n = parseFloat(v);
    return Number.isFinite(n) ? n : 0;
  };
  const abs = (u) => {
    try {
      return new URL(u, document.baseURI).href;
    } catch (e) {
      return null;
    }
  };
  const meta = (sel) => {
    const m = document.querySelector(sel);
    return m ? (m.getAttribute("content") || "").trim() || null : null;
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none" && parseFloat(s.opacity) > 0.05;
  };
  const header = document.querySelector("header, [role=banner], nav, .header, #header, .navbar");
  const inHeader = (el) =>
    Boolean(el.closest("header, [role=banner], nav, .header, #header, .navbar")) ||
    el.getBoundingClientRect().top < 120;
  const textStyle = (el) => {
    const s = getComputedStyle(el);
    const size = px(s.fontSize);
    const lh = s.lineHeight === "normal" ? null : px(s.lineHeight);
    return {
      color: toHex(s.color),
      fontFamily: s.fontFamily,
      fontSize: size,
      fontWeight: Number(s.fontWeight) || 400,
      lineHeight: lh && size ? Math.round((lh / size) * 100) / 100 : null,
    };
  };
  const firstVisible = (sel) => [...document.querySelectorAll(sel)].find(visible) || null;
  const tally = (map, key, amount) => map.set(key, (map.get(key) || 0) + amount);

  const body = document.body || document.documentElement;
  const bodyStyle = getComputedStyle(body);
  const background =
    toHex(bodyStyle.backgroundColor) || toHex(getComputedStyle(document.documentElement).backgroundColor);

  const headings = {};
  for (const tag of ["h1", "h2", "h3"]) {
    const el = firstVisible(tag);
    if (el) headings[tag] = textStyle(el);
  }
  const code = firstVisible("code, pre, kbd, samp");

  const texts = new Map();
  const links = new Map();
  const surfaces = new Map();
  const spacings = [];
  const transitions = [];
  const widths = [];
  const all = [...body.querySelectorAll("*")].slice(0, 4000);
  for (const el of all) {
    if (el.closest("script, style, noscript, template, svg")) continue;
    const s = getComputedStyle(el);
    if (s.display === "none" || s.visibility === "hidden") continue;
    const r = el.getBoundingClientRect();
    const area = Math.round(r.width * r.height);
    const bg = toHex(s.backgroundColor);
    if (bg && area > 0) tally(surfaces, bg, area);
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent.trim())
      .join(" ");
    if (own.length > 0) {
      const key = JSON.stringify([toHex(s.color), s.fontFamily, Number(s.fontWeight) || 400]);
      tally(texts, key, own.length);
    }
    if (el.tagName === "A" && el.getAttribute("href") && r.width > 0) {
      const c = toHex(s.color);
      if (c) tally(links, c, 1);
    }
    if (spacings.length < 800)
      for (const v of [s.paddingTop, s.paddingLeft, s.marginTop, s.marginBottom]) {
        const n = px(v);
        if (n > 0 && n < 200) spacings.push(n);
      }
    if (s.transitionDuration && s.transitionDuration !== "0s" && transitions.length < 50)
      transitions.push({
        duration: s.transitionDuration.split(",")[0].trim(),
        easing: s.transitionTimingFunction.split(",")[0].trim(),
      });
    if (s.maxWidth && s.maxWidth !== "none" && r.width > 400) widths.push(px(s.maxWidth));
  }
  const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

  const box = (el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const borderWidth = px(s.borderTopWidth);
    return {
      background: toHex(s.backgroundColor),
      color: toHex(s.color),
      borderColor: borderWidth > 0 && s.borderTopStyle !== "none" ? toHex(s.borderTopColor) : null,
      borderWidth,
      borderRadius: s.borderTopLeftRadius,
      padding: s.paddingTop + " " + s.paddingRight,
      fontWeight: Number(s.fontWeight) || 400,
      fontFamily: s.fontFamily,
      area: Math.round(r.width * r.height),
      text: (el.innerText || el.value || "").trim().slice(0, 40),
      inHeader: inHeader(el),
    };
  };
  const buttonSel =
    "button, [role=button], input[type=submit], input[type=button], " +
    "a[class*=btn], a[class*=button], a[class*=Button], a[class*=cta]";
  const buttons = [...document.querySelectorAll(buttonSel)].filter(visible).slice(0, 40).map(box);
  const inputSel =
    "input:not([type]), input[type=text], input[type=email], input[type=search], input[type=password], " +
    "input[type=tel], input[type=url], textarea, select";
  const inputs = [...document.querySelectorAll(inputSel)].filter(visible).slice(0, 10).map(box);

  const logos = [];
  const named = (el) =>
    /logo|brand/i.test(
      [
        el.id,
        typeof el.className === "string" ? el.className : el.getAttribute("class") || "",
        el.getAttribute("alt") || "",
        el.getAttribute("src") || "",
        el.getAttribute("aria-label") || "",
      ].join(" "),
    );
  const home = new URL("/", location.href).href;
  const candidates = [...document.querySelectorAll("img, svg")].filter(
    (el) => !el.parentElement || !el.parentElement.closest("svg"),
  );
  for (const el of candidates) {
    if (logos.length >= 20) break;
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    const link = el.closest("a[href]");
    const href = link ? abs(link.getAttribute("href")) : null;
    const isNamed =
      named(el) ||
      (link ? named(link) : false) ||
      Boolean(el.closest("[class*=logo], [id*=logo], [class*=brand], [id*=brand]"));
    const atTop = inHeader(el);
    if (!isNamed && !atTop) continue;
    let src = null;
    if (el.tagName.toLowerCase() === "img") src = el.currentSrc || abs(el.getAttribute("src") || "");
    else {
      const markup = el.outerHTML;
      if (markup.length < 20000) src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(markup)));
    }
    if (!src) continue;
    logos.push({
      kind: el.tagName.toLowerCase() === "img" ? "img" : "svg",
      src,
      alt: (
        el.getAttribute("alt") ||
        el.getAttribute("aria-label") ||
        (el.querySelector && el.querySelector("title") ? el.querySelector("title").textContent : "") ||
        ""
      ).trim(),
      href,
      inHeader: atTop,
      named: isNamed,
      linksHome: href === home || href === location.origin,
      top: Math.round(r.top),
      left: Math.round(r.left),
      width: Math.round(r.width),
      height: Math.round(r.height),
    });
  }
  const favicons = [...document.querySelectorAll("link[rel~=icon], link[rel=apple-touch-icon], link[rel=mask-icon]")]
    .map((l) => ({
      href: abs(l.getAttribute("href") || ""),
      rel: l.getAttribute("rel") || "",
      sizes: l.getAttribute("sizes") || "",
    }))
    .filter((f) => f.href);
  const og = meta('meta[property="og:image"], meta[name="og:image"], meta[name="twitter:image"]');

  return {
    url: location.href,
    title: document.title || "",
    siteName: meta('meta[property="og:site_name"]'),
    applicationName: meta('meta[name="application-name"]'),
    themeColor: toHex(meta('meta[name="theme-color"]')),
    ogImage: og ? abs(og) : null,
    favicons: favicons.slice(0, 10),
    background,
    body: textStyle(body),
    headings,
    codeFontFamily: code ? getComputedStyle(code).fontFamily : null,
    texts: top(texts, 30).map(([key, chars]) => {
      const [color, fontFamily, fontWeight] = JSON.parse(key);
      return { color, fontFamily, fontWeight, chars };
    }),
    links: top(links, 10).map(([color, count]) => ({ color, count })),
    surfaces: top(surfaces, 20).map(([color, area]) => ({ color, area })),
    buttons,
    inputs,
    logos,
    spacings,
    transitions,
    containerMaxWidths: widths.slice(0, 50),
    headerHeight: header ? Math.round(header.getBoundingClientRect().height) : null,
  };
})()`;
