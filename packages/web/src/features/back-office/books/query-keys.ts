/** SWR keys of what the admin book pages read (one book and its reviews: features/books' keys). */
export const adminBookKeys = {
  /** The unpaged inventory. */
  all: ['catalog', 'all'] as const,
  /** The header's title of one book, from the legacy doubled-/api call. */
  title: (bookId: string) => ['book-title', bookId] as const,
};
