import { arbitraryHex, isHexColor } from '../../banner-colors.js';
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

// How an input maps to a stored colour is the server's rule too: one copy, shared with it.
export { arbitraryHex, toBannerBackground, toBannerColorName } from '../../banner-colors.js';

/**
 * The colours a banner is drawn in: a colour name from the palette, `bg-[#hex]` as exactly that
 * hex; the text colour the server answered when it is a hex (or `text-[#hex]`), else the
 * palette's text colour for the name (white on an arbitrary background). Only a validated hex
 * ever reaches the style, never another string from the server.
 */
export function bannerStyle(color: string, textColor?: string | null): { backgroundColor: string; color: string } {
  const background = arbitraryHex(color, 'bg');
  const palette = background ? null : bannerColorOption(color as BannerColorName);
  const text = textColor && isHexColor(textColor) ? textColor : arbitraryHex(textColor ?? '', 'text');
  return { backgroundColor: background ?? palette!.color, color: text ?? palette?.textColor ?? DEFAULT_TEXT_COLOR };
}
