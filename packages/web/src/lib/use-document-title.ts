import { useEffect } from 'react';

/** The tab title of the home page, and the end of every other storefront page's title. */
export const STORE_TITLE = 'Pustak — Online Bookstore';

/** Gives the browser tab the page's own title ('Your Cart · Pustak'); null gives the store's title. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · Pustak` : STORE_TITLE;
  }, [title]);
}
