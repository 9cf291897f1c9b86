// Banner colours as the contract defines them (BannerColorInput, BannerTextColorInput): the
// server stores one of the five names (or `bg-[#rrggbb]`, the exact colour a Tailwind arbitrary
// value named) and a lower-case #rrggbb text colour, whatever form of colour a client sent. How
// an input maps is the one copy the SDK draws banners with (@pustak/sdk/banner-colors, its
// palette the contract's); here a refused input becomes the contract's 422.
import { BANNER_PALETTE, toBannerBackground, toBannerTextColor, type BannerPalette } from '@pustak/sdk/banner-colors';
import { invalid } from '../../shared/errors.js';

export function bannerColor(palette: BannerPalette, input: string): string {
  const stored = toBannerBackground(input, palette);
  if (stored === null) throw invalid('Color', 'Color must be Blue, Green, Red, Yellow or Purple (or a legacy bg-{colour}-{shade} token, a hex colour or bg-[#hex])');
  return stored;
}

export function bannerTextColor(palette: BannerPalette, input: string, color: string): string {
  const stored = toBannerTextColor(input, color, palette);
  if (stored === null) throw invalid('TextColor', 'TextColor must be a hex colour (#rrggbb), text-[#hex] or a legacy text-{colour} token');
  return stored;
}

/** What an announcement's colour inputs are stored as. */
export const storedBannerColors = (input: { Color: string; TextColor: string }) => {
  const color = bannerColor(BANNER_PALETTE, input.Color);
  return { color, text_color: bannerTextColor(BANNER_PALETTE, input.TextColor, color) };
};
