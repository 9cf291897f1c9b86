// Banner colours as the contract defines them (BannerColorInput, BannerTextColorInput): the
// server stores one of the five names (or `bg-[#rrggbb]`, the exact colour a Tailwind arbitrary
// value named) and a lower-case #rrggbb text colour, whatever form of colour a client sent. The palette (reference hex, default text colour) is read from the
// contract's x-reference-hex and x-default-text-color.
import { invalid } from '../../shared/errors.js';

export interface BannerPalette {
  /** In the contract's order (ties go to the first). */
  colors: { name: string; hex: string; text: string }[];
}

export function paletteFromContract(document: Record<string, any>): BannerPalette {
  const schema = document.components?.schemas?.BannerColor ?? {};
  const names: string[] = schema.enum ?? [];
  const hex: Record<string, string> = schema['x-reference-hex'] ?? {};
  const text: Record<string, string> = schema['x-default-text-color'] ?? {};
  return { colors: names.map((name) => ({ name, hex: hex[name] ?? '#000000', text: (text[name] ?? '#ffffff').toLowerCase() })) };
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A Tailwind arbitrary colour from the legacy colour picker: a hex in brackets and nothing else. */
const ARBITRARY_BACKGROUND = /^bg-\[(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\]$/;
const ARBITRARY_TEXT = /^text-\[(#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}))\]$/;

function expandHex(value: string): string {
  const digits = value.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

export function bannerColor(palette: BannerPalette, input: string): string {
  const byName = palette.colors.find((c) => c.name === input);
  if (byName) return byName.name;
  const arbitrary = ARBITRARY_BACKGROUND.exec(input);
  if (arbitrary) return `bg-[${expandHex(arbitrary[1]!)}]`;
  const token = /^bg-([a-z]+)-(50|[1-9]00|950)$/.exec(input);
  if (token) {
    const named = palette.colors.find((c) => c.name.toLowerCase() === token[1]);
    if (named) return named.name;
  }
  if (HEX.test(input)) {
    const [r, g, b] = rgb(expandHex(input));
    let best = palette.colors[0];
    let bestDistance = Infinity;
    for (const color of palette.colors) {
      const [cr, cg, cb] = rgb(expandHex(color.hex));
      const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
      if (distance < bestDistance) {
        best = color;
        bestDistance = distance;
      }
    }
    if (best) return best.name;
  }
  throw invalid('Color', 'Color must be Blue, Green, Red, Yellow or Purple (or a legacy bg-{colour}-{shade} token, a hex colour or bg-[#hex])');
}

export function bannerTextColor(palette: BannerPalette, input: string, color: string): string {
  if (HEX.test(input)) return expandHex(input);
  const arbitrary = ARBITRARY_TEXT.exec(input);
  if (arbitrary) return expandHex(arbitrary[1]!);
  if (input === 'text-white') return '#ffffff';
  if (input === 'text-black') return '#000000';
  if (/^text-[a-z]+-(50|[1-9]00|950)$/.test(input)) return palette.colors.find((c) => c.name === color)?.text ?? '#ffffff';
  throw invalid('TextColor', 'TextColor must be a hex colour (#rrggbb), text-[#hex] or a legacy text-{colour} token');
}
