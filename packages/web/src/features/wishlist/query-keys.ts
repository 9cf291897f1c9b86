/** SWR keys of what the wishlist feature reads. */
export const wishlistKeys = {
  /** The signed-in customer's bookmarked books. */
  list: ['wishlist'] as const,
  /** Whether one book is bookmarked. */
  check: (bookId: string) => ['wishlist', 'check', bookId] as const,
};
