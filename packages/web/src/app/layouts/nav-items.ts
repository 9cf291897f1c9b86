/** Header links (spec section 2, Layout). */
export const MAIN_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/books', label: 'All Books', end: false },
  { to: '/new-arrivals', label: 'New Arrivals', end: false },
  { to: '/best-selling', label: 'Best Selling', end: false },
  { to: '/deal-of-the-day', label: 'Deal of the Day', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

/** Books dropdown entries that lead somewhere. */
export const CATEGORY_LINKS = [
  { to: '/category/fiction', label: 'Fiction' },
  { to: '/category/non-fiction', label: 'Non-Fiction' },
  { to: '/category/children', label: 'Children' },
  { to: '/category/academic', label: 'Academic' },
] as const;

/** Books dropdown entries the spec lists as dead links: shown, but inert. */
export const INERT_CATEGORY_ENTRIES = [
  'Top 100',
  'Best Authors',
  'Trending Now',
  'Top Rated',
  'Romance',
  'Mystery',
  'Sci-Fi',
  'Fantasy',
] as const;

/** User side panel links. */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/myOrders', label: 'My Orders' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/cart', label: 'Cart' },
] as const;
