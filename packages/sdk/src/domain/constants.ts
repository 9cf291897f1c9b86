/** Genres offered by the catalogue, in the order the storefront lists them. */
export const GENRES = [
  'Fiction',
  'Non-Fiction',
  'Science',
  'History',
  'Biography',
  'Fantasy',
  'Mystery',
  'Romance',
  'Horror',
] as const;

/** One of the catalogue genres. */
export type GenreName = (typeof GENRES)[number];

/** Book formats offered by the Add/Edit Book form's select. */
export const BOOK_FORMATS = [
  'Paperback',
  'Hardcover',
  'Signed Edition',
  'Limited Edition',
  'First Edition',
  "Collector's Edition",
  "Author's Edition",
  'Deluxe Edition',
] as const;

/** One of the book formats. */
export type BookFormatName = (typeof BOOK_FORMATS)[number];

/** `sortBy` values the public book list understands ('' = Recommended). */
export type SortByValue =
  | ''
  | 'price'
  | 'title'
  | 'createdat'
  | 'newestarrivals'
  | 'newrelease'
  | 'awardwinner';

/** A Sort By choice: the URL/query value, its label and the sortDesc flag the list call sends. */
export type SortOption = { value: SortByValue; label: string; sortDesc: boolean };

/**
 * Sort By choices of the /books sidebar. The legacy client always sent sortDesc=true; a
 * shopper expects cheapest first and A to Z, so price and title ascend and the date-based
 * sorts stay newest first.
 */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: '', label: 'Recommended', sortDesc: true },
  { value: 'price', label: 'Price: low to high', sortDesc: false },
  { value: 'title', label: 'Title: A to Z', sortDesc: false },
  { value: 'createdat', label: 'Newest first', sortDesc: true },
  { value: 'newestarrivals', label: 'New arrivals (last month)', sortDesc: true },
  { value: 'newrelease', label: 'New releases (last 3 months)', sortDesc: true },
  { value: 'awardwinner', label: 'Award winners', sortDesc: true },
];

/** Books per page on the public /books list. */
export const BOOKS_PAGE_SIZE = 8;
/** Rows per page in the admin Users and Staff tables. */
export const ADMIN_PAGE_SIZE = 10;
/** How many items each Home section shows. */
export const HOME_LIMITS = {
  genres: 6,
  newArrivals: 5,
  comingSoon: 5,
  bestSelling: 3,
  deals: 3,
} as const;
/** Reviews shown on the book detail page. */
export const REVIEWS_SHOWN = 5;
/** "Similar Books by Author" shown on the book detail page. */
export const SIMILAR_BOOKS_SHOWN = 5;
/** Live-connection reconnect delays; after the last one the client stops retrying. */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2000, 10000, 30000];
/** Live-connection server timeout. */
export const SERVER_TIMEOUT_MS = 30000;
/** Live-connection keep-alive ping interval. */
export const KEEP_ALIVE_MS = 15000;
/** Sale and banner countdowns tick once a second. */
export const COUNTDOWN_TICK_MS = 1000;

/** A cart discount line shown on the cart page (display only; the cart total ignores it). */
export type CartDiscountInfo = { label: string; percent: number };
/** Discounts listed on the cart page for information. */
export const CART_DISCOUNTS: readonly CartDiscountInfo[] = [
  { label: '+5 Books Member', percent: 5 },
  { label: '10 successful orders', percent: 10 },
  { label: 'Special Offers', percent: 20 },
  { label: 'First-time buyer', percent: 5 },
  { label: 'Seasonal', percent: 8 },
];

/** Order status values (Processing is only styled by the admin dashboard). */
export const ORDER_STATUSES = ['Pending', 'Processing', 'Completed', 'Cancelled'] as const;
/** One of the order statuses. */
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** Account roles, exactly as the server spells them. */
export const ROLES = ['User', 'Staff', 'Admin'] as const;
/** One of the account roles. */
export type RoleName = (typeof ROLES)[number];

/** Text colour of a new banner. */
export const DEFAULT_TEXT_COLOR = '#ffffff';

/** A banner colour choice: background, text colour and a ready-made inline preview style. */
export type BannerColorOption = {
  name: 'Blue' | 'Green' | 'Red' | 'Yellow' | 'Purple';
  color: string;
  textColor: string;
  previewStyle: { backgroundColor: string; color: string };
};

function bannerColor(
  name: BannerColorOption['name'],
  color: string,
  textColor: string,
): BannerColorOption {
  return { name, color, textColor, previewStyle: { backgroundColor: color, color: textColor } };
}

/** Banner colour options; every pair meets WCAG AA (4.5:1) text contrast. */
export const BANNER_COLORS: readonly BannerColorOption[] = [
  bannerColor('Blue', '#2563eb', DEFAULT_TEXT_COLOR),
  bannerColor('Green', '#15803d', DEFAULT_TEXT_COLOR),
  bannerColor('Red', '#dc2626', DEFAULT_TEXT_COLOR),
  // White on yellow is unreadable, so Yellow carries dark text.
  bannerColor('Yellow', '#facc15', '#1f2937'),
  bannerColor('Purple', '#7c3aed', DEFAULT_TEXT_COLOR),
];
