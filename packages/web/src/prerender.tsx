// The build's server-side entry (vite.config.ts, build/prerender.ts): the storefront at "/" as a
// guest sees it before any data has arrived (header, hero, skeletons, footer), rendered to HTML
// once at build time. The browser paints it at once and main.tsx hydrates it.
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
