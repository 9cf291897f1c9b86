// Banner colours as the contract defines them (BannerColor, BannerColorInput,
// BannerTextColorInput), the one copy the server and the SDK both import
// (`@pustak/sdk/banner-colors`): the palette, and how a colour a client sent maps to what the
// server stores and the app draws. Plain JavaScript without Node or browser APIs, so the server
// runs it as it is (no SDK build) and the SDK ships it beside dist/; the types are in
// banner-colors.d.ts.

/** Text colour of a new banner, and of a colour the palette names none for. */
export const DEFAULT_TEXT_COLOR = '#ffffff';

/**
 * The palette, in the contract's order: BannerColor's `x-reference-hex` and
 * `x-default-text-color` (a test keeps them equal). Every pair meets WCAG AA (4.5:1) text
 * contrast; white on yellow is unreadable, so Yellow carries dark text.
 */
export const BANNER_PALETTE = Object.freeze({
  colors: Object.freeze([
    Object.freeze({ name: 'Blue', hex: '#2563eb', text: DEFAULT_TEXT_COLOR }),
    Object.freeze({ name: 'Green', hex: '#15803d', text: DEFAULT_TEXT_COLOR }),
    Object.freeze({ name: 'Red', hex: '#dc2626', text: DEFAULT_TEXT_COLOR }),
    Object.freeze({ name: 'Yellow', hex: '#facc15', text: '#1f2937' }),
    Object.freeze({ name: 'Purple', hex: '#7c3aed', text: DEFAULT_TEXT_COLOR }),
  ]),
});

/** The palette a contract document names (black swatches and white text where it says nothing). */
export function paletteFromContract(document) {
  const schema = document.components?.schemas?.BannerColor ?? {};
  const names = schema.enum ?? [];
  const hex = schema['x-reference-hex'] ?? {};
  const text = schema['x-default-text-color'] ?? {};
  return { colors: names.map((name) => ({ name, hex: hex[name] ?? '#000000', text: (text[name] ?? DEFAULT_TEXT_COLOR).toLowerCase() })) };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A Tailwind arbitrary colour (`bg-[#7bec7a]`, `text-[#FE0]`): a hex in brackets, nothing else. */
const ARBITRARY = /^(bg|text)-\[(#(?:[0-9a-f]{3}|[0-9a-f]{6}))\]$/i;
/** The legacy colour picker's Tailwind tokens: `bg-blue-500`, `text-gray-800`. */
const LEGACY_BG = /^bg-([a-z]+)-(50|[1-9]00|950)$/;
const LEGACY_TEXT = /^text-[a-z]+-(50|[1-9]00|950)$/;

/** `#2563eb` or `#FE0`: a hex colour and nothing around it. */
export const isHexColor = (value) => HEX.test(value);

/** The hex a Tailwind arbitrary colour of that kind names (`bg-[#7BEC7A]` -> `#7BEC7A`), else null. */
export function arbitraryHex(token, kind) {
  const match = ARBITRARY.exec(token);
  return match && match[1] === kind ? match[2] : null;
}

/** `#FE0` -> `#ffee00`. */
export function fullHex(hex) {
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

const rgbOf = (hex) => {
  const full = fullHex(hex);
  return [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
};

/**
 * The colour name a banner input stands for, by the contract's BannerColorInput rules: a name
 * as is, a legacy `bg-{colour}-{shade}` token by the colour in it, a hex colour by the nearest
 * palette colour (RGB distance; ties to the first listed). Anything else is null.
 */
export function toBannerColorName(input, palette = BANNER_PALETTE) {
  const named = palette.colors.find((color) => color.name === input);
  if (named) return named.name;
  const token = LEGACY_BG.exec(input);
  if (token) return palette.colors.find((color) => color.name.toLowerCase() === token[1])?.name ?? null;
  if (!HEX.test(input)) return null;
  const [r, g, b] = rgbOf(input);
  let best = null;
  let bestDistance = Infinity;
  for (const color of palette.colors) {
    const [cr, cg, cb] = rgbOf(color.hex);
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [color, distance];
  }
  return best?.name ?? null;
}

/**
 * What the server stores for a banner colour input (BannerColorInput): `bg-[#hex]` as that exact
 * colour (lower case, six digits), everything else as toBannerColorName maps it. Null when refused.
 */
export function toBannerBackground(input, palette = BANNER_PALETTE) {
  const hex = arbitraryHex(input, 'bg');
  return hex ? `bg-[${fullHex(hex)}]` : toBannerColorName(input, palette);
}

/**
 * What the server stores for a banner text colour input (BannerTextColorInput), as lower-case
 * #rrggbb: a hex or `text-[#hex]` as that colour, `text-white` and `text-black`, and a legacy
 * `text-{colour}-{shade}` token as the palette's text colour for the banner's colour name.
 * Null when refused.
 */
export function toBannerTextColor(input, colorName, palette = BANNER_PALETTE) {
  if (HEX.test(input)) return fullHex(input);
  const hex = arbitraryHex(input, 'text');
  if (hex) return fullHex(hex);
  if (input === 'text-white') return '#ffffff';
  if (input === 'text-black') return '#000000';
  if (LEGACY_TEXT.test(input)) return palette.colors.find((color) => color.name === colorName)?.text ?? DEFAULT_TEXT_COLOR;
  return null;
}
