// Addresses of app pages that several features link to (the route table in app/ owns the routes).

/** A book's detail page. */
export function bookDetailsPath(bookId: string): string {
  return `/bookDetails/${encodeURIComponent(bookId)}`;
}
