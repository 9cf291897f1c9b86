// The build's server-side entry (vite.config.ts, build/prerender.ts).
// - renderPage: a page as a guest sees it before any data has arrived (the home page's header,
//   hero, skeletons and footer), rendered to HTML once at build time.
// - renderRoute: a page with data (/books, a book page) rendered for one request, with the
//   answers of its reads, by whatever serves the page (the Pustak server, `vite preview`).
// The browser paints either at once and main.tsx hydrates it.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { unstable_serialize } from 'swr';
import { PAGES_WITH_DATA, pageReads } from './app/page-reads';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { createAppClient } from './lib/api-client';
import { type PageData, pageDataBlock } from './lib/page-data';

export { pageDataBlock };

/** The markup of `url` (a path and query), every lazy part of it loaded, with `data` in SWR's cache. */
export async function renderPage(url: string, data?: { fallback: Record<string, unknown>; renderedAt: Date }): Promise<string> {
  // Never called: pages reach the client through context, and SWR never loads on a server.
  const client = createAppClient({ baseUrl: 'http://prerender.invalid/api', onUnauthorized: () => {} });
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders client={client} config={{ hubUrl: null, renderedAt: data?.renderedAt }} swr={{ fallback: data?.fallback ?? {} }}>
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

/** The API origin the reads below are addressed to; `fetchApi` answers them. */
const READ_ORIGIN = 'http://page.invalid';

/**
 * The page at `url` (a path and query) rendered with its data: its reads made through the app's
 * own SDK calls, answered by `fetchApi` (the request is addressed to /api on a placeholder
 * origin), and the markup rendered with the answers. Undefined for a page without reads, or when
 * none of them answered: that page is served as it was prerendered (the app asks itself). A read
 * that fails is left out; the app asks for it.
 */
export async function renderRoute(url: string, fetchApi: (request: Request) => Promise<Response>): Promise<{ markup: string; data: PageData } | undefined> {
  const { pathname, search } = new URL(url, READ_ORIGIN);
  const reads = pageReads(pathname, search);
  if (reads.length === 0) return undefined;
  const client = createAppClient({ baseUrl: `${READ_ORIGIN}/api`, onUnauthorized: () => {}, fetch: fetchApi, maxRetries: 0 });
  const fallback: Record<string, unknown> = {};
  await Promise.all(
    reads.map(async ({ key, read }) => {
      try {
        fallback[unstable_serialize(key)] = await read(client);
      } catch {
        // Not found, or the API failed: the app reads it itself and shows what the answer says.
      }
    }),
  );
  if (Object.keys(fallback).length === 0) return undefined;
  const renderedAt = new Date();
  const markup = await renderPage(`${pathname}${search}`, { fallback, renderedAt });
  return { markup, data: { fallback, renderedAt: renderedAt.toISOString() } };
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
 * The API reads of the storefront's pages with data, recorded through the app's own SDK calls
 * with the parameters those pages use, so a served page can ask for them while the app loads.
 * A path parameter comes out as `:name`.
 */
export async function recordRouteReads(): Promise<RouteReads[]> {
  const urls: string[] = [];
  const client = createAppClient({
    baseUrl: `${READ_ORIGIN}/api`,
    onUnauthorized: () => {},
    // Each read once: a retry would record its address again.
    maxRetries: 0,
    // Records the request and answers nothing useful: only the address matters here.
    fetch: async (request) => {
      urls.push(request.url.slice(READ_ORIGIN.length));
      return new Response(null, { status: 503 });
    },
  });
  const recorded: RouteReads[] = [];
  for (const page of PAGES_WITH_DATA) {
    urls.length = 0;
    // Each path parameter as `:name` (the SDK encodes the colon; the pattern wants it bare).
    const params = Object.fromEntries([...page.pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, `:${name}`]));
    await Promise.allSettled(page.reads(params, '').map(({ read }) => read(client)));
    recorded.push({ pattern: page.pattern, module: page.module, api: urls.map((url) => url.replace(/%3A(\w+)/g, ':$1')) });
  }
  return recorded;
}
