import { BANNER_PALETTE, DEFAULT_TEXT_COLOR as SHARED_DEFAULT_TEXT_COLOR } from '../../banner-colors.js';
import {
  assignableRoleValues,
  bookFormatValues,
  genreValues,
  orderStatusValues,
  paymentMethodValues,
  pathsBookAllGetParametersQuerySortByValues,
  roleValues,
  type components,
  type operations,
} from '../generated/schema.js';

// Every list below comes from the contract (openapi/openapi.yaml) through the generated
// schema, so a genre, format, sort, status or role added there reaches the app with
// `npm run generate`, and nothing here can drift from it.
type Schemas = components['schemas'];

/** One of the catalogue genres. */
export type GenreName = Schemas['Genre'];
/** Genres offered by the catalogue, in the order the storefront lists them (the contract's order). */
export const GENRES: readonly GenreName[] = genreValues;

/** One of the book formats. */
export type BookFormatName = Schemas['BookFormat'];
/** Book formats offered by the Add/Edit Book form's select. */
export const BOOK_FORMATS: readonly BookFormatName[] = bookFormatValues;

/** Query of `GET /book/all` as the contract defines it. */
export type ListBooksQuery = NonNullable<operations['listBooks']['parameters']['query']>;
/** `sortBy` values the public book list understands ('' = Recommended). */
export type SortByValue = NonNullable<ListBooksQuery['sortBy']>;
/** Every `sortBy` value, in the contract's order. */
export const SORT_BY_VALUES: readonly SortByValue[] = pathsBookAllGetParametersQuerySortByValues;

/** A Sort By choice: the URL/query value, its label and the sortDesc flag the list call sends. */
export type SortOption = { value: SortByValue; label: string; sortDesc: boolean };

/**
 * Label and direction of each sort. A Record over SortByValue: a sort added to the contract
 * does not compile until it has a label here. The legacy client always sent sortDesc=true; a
 * shopper expects cheapest first and A to Z, so price and title ascend, and the date-based
 * and filter-like sorts stay newest first.
 */
const SORT_CHOICES: Record<SortByValue, Omit<SortOption, 'value'>> = {
  '': { label: 'Recommended', sortDesc: true },
  price: { label: 'Price: low to high', sortDesc: false },
  title: { label: 'Title: A to Z', sortDesc: false },
  createdat: { label: 'Newest first', sortDesc: true },
  newestarrivals: { label: 'New arrivals (last month)', sortDesc: true },
  newrelease: { label: 'New releases (last 3 months)', sortDesc: true },
  dealsanddiscount: { label: 'Deals and discounts', sortDesc: true },
  awardwinner: { label: 'Award winners', sortDesc: true },
};

/** Sort By choices of the /books sidebar, one per contract sortBy value, in the contract's order. */
export const SORT_OPTIONS: readonly SortOption[] = SORT_BY_VALUES.map((value) => ({ value, ...SORT_CHOICES[value] }));

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

/** An offer of the cart page's informational offers list. */
export type CartDiscountInfo = { label: string; percent: number };
/**
 * The spec's member offers, listed on the cart page for information only. Whether one applies
 * to a cart and what it takes off is the server's answer (the cart's `totals.discounts`, whose
 * `name` is the label here: the first two are the ones the server grants); nothing here
 * decides or computes a discount.
 */
export const CART_DISCOUNTS: readonly CartDiscountInfo[] = [
  { label: '+5 Books Member', percent: 5 },
  { label: '10 successful orders', percent: 10 },
  { label: 'Special Offers', percent: 20 },
  { label: 'First-time buyer', percent: 5 },
  { label: 'Seasonal', percent: 8 },
];

/** One of the order statuses. */
export type OrderStatusName = Schemas['OrderStatus'];
/** Order status values (Processing is never written by the server; the legacy dashboard styled it). */
export const ORDER_STATUSES: readonly OrderStatusName[] = orderStatusValues;

/** How a customer paid at the counter. */
export type PaymentMethodName = Schemas['PaymentMethod'];
/** The payment methods a handover records, in the contract's order (Cash first). */
export const PAYMENT_METHODS: readonly PaymentMethodName[] = paymentMethodValues;

/** One of the account roles. */
export type RoleName = Schemas['Role'];
/** Account roles, exactly as the server spells them. */
export const ROLES: readonly RoleName[] = roleValues;
/** A role an Admin may give (spec section 6: Staff or User). */
export type AssignableRoleName = Schemas['AssignableRole'];
/** The roles `updateUserRole` accepts. */
export const ASSIGNABLE_ROLES: readonly AssignableRoleName[] = assignableRoleValues;

/** Text colour of a new banner. */
export const DEFAULT_TEXT_COLOR = SHARED_DEFAULT_TEXT_COLOR;

/** One of the five banner colour names the contract allows (BannerColor). */
export type BannerColorName = Schemas['BannerColor'];

/** A banner colour choice: its name (what the API stores), background, text colour and a ready-made inline preview style. */
export type BannerColorOption = {
  name: BannerColorName;
  color: string;
  textColor: string;
  previewStyle: { backgroundColor: string; color: string };
};

/**
 * Banner colour options, in the contract's order: the palette the server uses too
 * (banner-colors.js, the contract's BannerColor `x-reference-hex` and `x-default-text-color`).
 */
export const BANNER_COLORS: readonly BannerColorOption[] = BANNER_PALETTE.colors.map(({ name, hex, text }) => ({
  name,
  color: hex,
  textColor: text,
  previewStyle: { backgroundColor: hex, color: text },
}));
