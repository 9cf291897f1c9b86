// Types of banner-colors.js (the banner colours the server and the SDK share).

/** One of the five banner colour names of the contract's BannerColor. */
export type BannerColorName = 'Blue' | 'Green' | 'Red' | 'Yellow' | 'Purple';
/** A palette colour: its name, its swatch and the text colour drawn on it (lower-case #rrggbb). */
export interface BannerPaletteColor<N extends string = string> {
  readonly name: N;
  readonly hex: string;
  readonly text: string;
}
/** Colours in the contract's order (a nearest-colour tie goes to the first). */
export interface BannerPalette<N extends string = string> {
  readonly colors: readonly BannerPaletteColor<N>[];
}
/** A `bg-[#rrggbb]` background, the exact colour the legacy colour picker named. */
export type ArbitraryBackground = `bg-[#${string}]`;

export declare const DEFAULT_TEXT_COLOR: '#ffffff';
export declare const BANNER_PALETTE: BannerPalette<BannerColorName>;
export declare function paletteFromContract(document: Record<string, any>): BannerPalette;
export declare function isHexColor(value: string): boolean;
export declare function arbitraryHex(token: string, kind: 'bg' | 'text'): string | null;
export declare function fullHex(hex: string): `#${string}`;
export declare function toBannerColorName<N extends string = BannerColorName>(input: string, palette?: BannerPalette<N>): N | null;
export declare function toBannerBackground<N extends string = BannerColorName>(input: string, palette?: BannerPalette<N>): N | ArbitraryBackground | null;
export declare function toBannerTextColor(input: string, colorName: string, palette?: BannerPalette): `#${string}` | null;
