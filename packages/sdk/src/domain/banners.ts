import { BANNER_COLORS, DEFAULT_TEXT_COLOR, type BannerColorName, type BannerColorOption } from './constants.js';
import { type DateInput, timestampMs } from './timestamps.js';

/** Time left until a banner ends, split for display. */
export type BannerCountdown = {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
};

/** Days/hours/minutes/seconds until `end` (rounded up to whole seconds), or null once ended or when `end` is invalid. */
export function bannerCountdown(end: DateInput, now: Date): BannerCountdown | null {
  const totalMs = timestampMs(end) - now.getTime();
  if (!(totalMs > 0)) return null;
  const total = Math.ceil(totalMs / 1000);
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    totalMs,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Banner countdown text such as '2d 03h 04m 05s'. */
export function formatBannerCountdown(countdown: BannerCountdown): string {
  const { days, hours, minutes, seconds } = countdown;
  return `${days}d ${pad2(hours)}h ${pad2(minutes)}m ${pad2(seconds)}s`;
}

/** The scheduling fields of an announcement the status rule reads. */
export type BannerSchedule = { isPinned?: boolean | null; startTime?: DateInput; endTime?: DateInput };

/** Status shown in the admin Banners table. */
export type BannerStatus = 'Inactive' | 'Scheduled' | 'Expired' | 'Active';

/**
 * Not pinned = Inactive; pinned and now before start = Scheduled; pinned and now after end =
 * Expired; otherwise Active (the boundaries themselves are Active; unreadable dates don't limit).
 */
export function bannerStatus(announcement: BannerSchedule, now: Date): BannerStatus {
  if (!announcement.isPinned) return 'Inactive';
  const t = now.getTime();
  if (t < timestampMs(announcement.startTime)) return 'Scheduled';
  if (t > timestampMs(announcement.endTime)) return 'Expired';
  return 'Active';
}

/** Values of the add-banner form (camelCase, as the SDK's announcement input takes them). */
export type BannerDraft = {
  message: string;
  isPinned: boolean;
  color: BannerColorName;
  textColor: string;
  startTime: string;
  endTime: string;
};

const DAY_MS = 86_400_000;
/** How long a new banner runs by default. */
export const DEFAULT_BANNER_DAYS = 30;

/**
 * A new banner: pinned, Blue with white text, running from `now` (not midnight, so it is
 * Active at once in every time zone) until exactly 30 x 24 h later; times are ISO strings.
 */
export function defaultNewBanner(now: Date): BannerDraft {
  return {
    message: '',
    isPinned: true,
    color: 'Blue',
    textColor: DEFAULT_TEXT_COLOR,
    startTime: now.toISOString(),
    endTime: new Date(now.getTime() + DEFAULT_BANNER_DAYS * DAY_MS).toISOString(),
  };
}

/** The palette entry of a colour name (its background, text colour and preview style). */
export function bannerColorOption(name: BannerColorName): BannerColorOption {
  return BANNER_COLORS.find((option) => option.name === name) ?? BANNER_COLORS[0]!;
}

const LEGACY_BG = /^bg-(blue|green|red|yellow|purple)-(50|[1-9]00|950)$/;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A Tailwind arbitrary colour (`bg-[#7bec7a]`, `text-[#FE0]`): a hex in brackets, nothing else. */
const ARBITRARY = /^(bg|text)-\[(#(?:[0-9a-f]{3}|[0-9a-f]{6}))\]$/i;

/** The hex a Tailwind arbitrary colour of that kind names (`bg-[#7BEC7A]` -> `#7BEC7A`), else null. */
export function arbitraryHex(token: string, kind: 'bg' | 'text'): string | null {
  const match = ARBITRARY.exec(token);
  return match && match[1] === kind ? match[2]! : null;
}

/**
 * The colours a banner is drawn in: a colour name from the palette, `bg-[#hex]` as exactly that
 * hex; the text colour the server answered when it is a hex (or `text-[#hex]`), else the
 * palette's text colour for the name (white on an arbitrary background). Only a validated hex
 * ever reaches the style, never another string from the server.
 */
export function bannerStyle(color: string, textColor?: string | null): { backgroundColor: string; color: string } {
  const background = arbitraryHex(color, 'bg');
  const palette = background ? null : bannerColorOption(color as BannerColorName);
  const text = textColor && HEX.test(textColor) ? textColor : arbitraryHex(textColor ?? '', 'text');
  return { backgroundColor: background ?? palette!.color, color: text ?? palette?.textColor ?? DEFAULT_TEXT_COLOR };
}

/** `#FE0` -> `#ffee00`. */
function fullHex(hex: string): `#${string}` {
  const digits = hex.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

function rgbOf(hex: string): [number, number, number] {
  const full = fullHex(hex);
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The colour name a banner input stands for, by the contract's BannerColorInput rules: a name
 * as is, a legacy `bg-{colour}-{shade}` token by the colour in it, a hex colour by the nearest
 * palette colour (RGB distance; ties to the first listed). Anything else is null.
 */
export function toBannerColorName(input: string): BannerColorName | null {
  const named = BANNER_COLORS.find((option) => option.name === input);
  if (named) return named.name;
  const token = LEGACY_BG.exec(input);
  if (token) return bannerColorOption((token[1]![0]!.toUpperCase() + token[1]!.slice(1)) as BannerColorName).name;
  if (!HEX.test(input)) return null;
  const [r, g, b] = rgbOf(input);
  let best: BannerColorOption = BANNER_COLORS[0]!;
  let bestDistance = Infinity;
  for (const option of BANNER_COLORS) {
    const [or, og, ob] = rgbOf(option.color);
    const distance = (r - or) ** 2 + (g - og) ** 2 + (b - ob) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [option, distance];
  }
  return best.name;
}

/**
 * What the server stores for a banner colour input (BannerColorInput): `bg-[#hex]` as that exact
 * colour (lower case, six digits), everything else as toBannerColorName maps it. Null when refused.
 */
export function toBannerBackground(input: string): BannerColorName | `bg-[#${string}]` | null {
  const hex = arbitraryHex(input, 'bg');
  return hex ? `bg-[${fullHex(hex)}]` : toBannerColorName(input);
}
