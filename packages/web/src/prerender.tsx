// The build's server-side entry (vite.config.ts, build/prerender.ts): the storefront at "/" as a
// guest sees it before any data has arrived (header, hero, skeletons, footer), rendered to HTML
// once at build time. The browser paints it at once and main.tsx hydrates it.
import { parseBooksQuery, toListBooksParams } from '@pustak/sdk/domain';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { createAppClient } from './lib/api-client';

/** The markup of `url` (a path), every lazy part of it loaded. Nothing is fetched: SWR never loads on a server. */
export async function renderPage(url: string): Promise<string> {
  // Never called (no data loads here); a client is needed because pages reach it through context.
  const client = createAppClient({ baseUrl: 'http://prerender.invalid/api', getToken: () => null, onUnauthorized: () => {} });
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // One document with every part in place: no part moved to the end behind an inline script
    // (React outlines large parts to show the rest sooner; the CSP allows no inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** A storefront route whose first paint the served page can start early (build/page-hints.ts). */
export interface RouteReads {
  /** The route's address, `:name` for a path parameter (as in app/routes.tsx). */
  pattern: string;
  /** The route's lazily loaded module, as Vite's manifest names it (relative to the web package). */
  module: string;
  /** The API reads (path and query under /api) its page makes on a visit with no query string. */
  api: string[];
}

/**
 * The API reads of the storefront's lazily loaded pages, recorded through the app's own SDK
 * calls with the parameters those pages use, so a served page can ask for them while the app
 * loads. A path parameter comes out as `:name`.
 */
export async function recordRouteReads(): Promise<RouteReads[]> {
  const origin = 'http://pages.invalid';
  const urls: string[] = [];
  const client = createAppClient({
    baseUrl: `${origin}/api`,
    getToken: () => null,
    onUnauthorized: () => {},
    // Records the request and answers nothing useful: only the address matters here.
    fetch: async (request) => {
      urls.push(request.url.slice(origin.length));
      return new Response(null, { status: 503 });
    },
  });
  const record = async (calls: () => Promise<unknown>[]) => {
    urls.length = 0;
    await Promise.allSettled(calls());
    // The SDK encodes the parameter's placeholder (":" as %3A); the pattern wants it bare.
    return urls.map((url) => url.replace(/%3A(\w+)/g, ':$1'));
  };
  return [
    {
      pattern: '/books',
      module: 'src/features/books/books-page.tsx',
      // The same request the page makes for an address with no query (books-page.tsx).
      api: await record(() => [client.books.list(toListBooksParams(parseBooksQuery('')))]),
    },
    {
      pattern: '/bookDetails/:bookId',
      module: 'src/features/books/book-details-page.tsx',
      // The book and its reviews (use-book.ts, use-reviews.ts); more by its author needs the book first.
      api: await record(() => [client.catalog.get(':bookId'), client.reviews.list(':bookId')]),
    },
  ];
}
