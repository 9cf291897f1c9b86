// The storefront's first paint without waiting for JavaScript (issue 11, docs/decisions.md).
//
// Build: after the client build, an SSR build of src/prerender.tsx renders "/" as a guest sees it
// before data arrives, and the built page is written several times:
//   dist/index.html  the home page, prerendered (served at "/" only)
//   dist/shell.html  the same page with an empty #root (every other path of the single-page app)
//   dist/books.html  /books prerendered before its data arrives, served for a visit with no
//                    query string (dist/page-hints.json names each hinted route's page, if any)
// Serve: whatever serves those pages says whether the announcement banner shows, so the first
// paint has the banner's space right: `<html data-banner="on|off">` and the banner's data in a
// JSON block the app reads (withBanner). The Pustak server does it (packages/server); here
// `vite preview` (npm run perf, the browser tests) and the dev server ask the API behind /api.
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { type Plugin, type ResolvedConfig, build } from 'vite';
import { jsonBlock } from '../src/lib/json-block.ts';
import { type Manifest, type PageHints, type RouteReads, hintsFor, pageHintsFromManifest } from './page-hints.ts';

/** The page for every path but "/": the built page with its empty #root. */
export const SHELL_HTML = 'shell.html';
/** Per route, what its served page preloads (build/page-hints.ts). */
export const PAGE_HINTS = 'page-hints.json';
/** The id of the JSON block with the active announcement (src/lib/page-banner.ts reads it). */
export const BANNER_DATA_ID = 'pustak-banner';
const ROOT = '<div id="root"></div>';

/**
 * `page` with `text` in place of the first `marker`. Through a replacer function, never as a
 * replacement string: the text carries what visitors and customers wrote (a search, a review, a
 * book's title), and `$&`, `` $` `` or `$'` in a replacement string put copies of the page in it.
 */
const fill = (page: string, marker: string | RegExp, text: string) => page.replace(marker, () => text);

/**
 * The page marked with the banner's state: `announcement` is GET /announcement/active's answer,
 * or undefined when it is not known (the app then asks for it itself).
 */
export function withBanner(html: string, announcement: { active: boolean } | undefined): string {
  if (!announcement) return html;
  const marked = fill(html, /<html\b/, `<html data-banner="${announcement.active ? 'on' : 'off'}"`);
  // The message as data that cannot end its block.
  return fill(marked, '</head>', `${jsonBlock(BANNER_DATA_ID, announcement)}</head>`);
}

/** The active announcement from the API at `apiOrigin`; undefined if it does not answer in time. */
async function fetchBanner(apiOrigin: string): Promise<{ active: boolean } | undefined> {
  try {
    const response = await fetch(`${apiOrigin}/api/announcement/active`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as { active: boolean }) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a request asks for a page of the app (not a file, not the API). */
function isPageRequest(request: IncomingMessage): boolean {
  const path = (request.url ?? '/').split('?')[0]!;
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && !/\.\w+$/.test(path) && !/^\/(api|hubs|__mock|__dev|uploads)\//.test(path);
}

/**
 * The Vite plugin: prerenders "/" after a production client build, and serves the pages with the
 * banner's state in `vite preview` and the dev server. `apiOrigin` is where /api is forwarded.
 */
export function prerenderPlugin({ apiOrigin, configFile }: { apiOrigin: string; configFile: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pustak-prerender',
    config(_user, { command, isSsrBuild }) {
      // The manifest names each route's chunks for the page hints; it is read and removed below.
      if (command === 'build' && !isSsrBuild) return { build: { manifest: true } };
    },
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr || config.mode !== 'production') return;
      const outDir = resolve(config.root, config.build.outDir);
      const page = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!page.includes(ROOT)) throw new Error(`prerender: the built index.html has no ${ROOT}`);
      const { markup, routeReads, routePages } = await renderWithSsrBuild(config.root, configFile, outDir);
      const manifestDir = join(outDir, '.vite');
      const manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8')) as Manifest;
      await rm(manifestDir, { recursive: true, force: true });
      const hints = pageHintsFromManifest(manifest, routeReads, config.base);
      // Each hinted route prerendered as before its data arrives (/books: header, filters, skeletons).
      for (const route of hints.routes) {
        const routeMarkup = routePages[route.pattern];
        if (routeMarkup === undefined) continue;
        route.page = `${route.pattern.split('/').filter((part) => part && !part.startsWith(':')).join('-')}.html`;
        await writeFile(join(outDir, route.page), fill(page, ROOT, `<div id="root">${routeMarkup}</div>`));
      }
      await writeFile(join(outDir, PAGE_HINTS), `${JSON.stringify(hints, null, 2)}\n`);
      await writeFile(join(outDir, SHELL_HTML), page);
      await writeFile(join(outDir, 'index.html'), fill(page, ROOT, `<div id="root">${markup}</div>`));
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const hints = readFile(join(outDir, PAGE_HINTS), 'utf8').then((text) => JSON.parse(text) as PageHints, () => undefined);
      const ssr = import(pathToFileURL(ssrBundleOf(outDir)).href).then((bundle) => bundle as SsrBundle, () => undefined);
      // The page's reads go to the API behind /api, as the browser's would.
      const fetchApi = (request: Request) => {
        const { pathname, search } = new URL(request.url);
        return fetch(`${apiOrigin}${pathname}${search}`, { signal: AbortSignal.timeout(2000) });
      };
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        if (!isPageRequest(request)) return next();
        const url = request.url ?? '/';
        const [path = '/', query = ''] = url.split('?');
        const page = async () => {
          const { hinted, page: routePage, head, links } = hintsFor(await hints, path, query);
          const [banner, rendered] = await Promise.all([
            fetchBanner(apiOrigin),
            // A route the hints name is rendered with its data when the bundle and the API answer.
            hinted ? (await ssr)?.renderRoute(url, fetchApi).catch(() => undefined) : undefined,
          ]);
          if (rendered) {
            const shell = await readFile(join(outDir, SHELL_HTML), 'utf8');
            const html = fill(shell, ROOT, `<div id="root">${rendered.markup}</div>`);
            return withBanner(fill(html, '</head>', `${links}${(await ssr)!.pageDataBlock(rendered.data)}</head>`), banner);
          }
          const html = await readFile(join(outDir, path === '/' ? 'index.html' : (routePage ?? SHELL_HTML)), 'utf8');
          return withBanner(head ? fill(html, '</head>', `${head}</head>`) : html, banner);
        };
        page().then(
          (html) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            // Compressed as the Pustak server sends it (a page with its data is 40 KB of markup).
            response.setHeader('Vary', 'Accept-Encoding');
            const accept = String(request.headers['accept-encoding'] ?? '');
            if (/\bbr\b/.test(accept)) {
              response.setHeader('Content-Encoding', 'br');
              response.end(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
            } else if (/\bgzip\b/.test(accept)) {
              response.setHeader('Content-Encoding', 'gzip');
              response.end(gzipSync(html, { level: 6 }));
            } else response.end(html);
          },
          () => next(),
        );
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        // The dev server (no prerender): the banner's state as the server would send it.
        return context.server ? withBanner(html, await fetchBanner(apiOrigin)) : html;
      },
    },
  };
}

/** The server-side bundle of a build in `outDir`: beside it, never in it (dist/ is served as it is). */
export function ssrBundleOf(outDir: string): string {
  return join(`${resolve(outDir)}-ssr`, 'render.mjs');
}

/** What the server-side bundle (src/prerender.tsx) exports. */
export interface SsrBundle {
  renderPage: (url: string) => Promise<string>;
  renderRoute: (url: string, fetchApi: (request: Request) => Promise<Response>) => Promise<{ markup: string; data: unknown } | undefined>;
  recordRouteReads: () => Promise<RouteReads[]>;
  pageDataBlock: (data: unknown) => string;
}

/**
 * Builds src/prerender.tsx for Node (everything bundled in) into `<outDir>-ssr/render.mjs`, where
 * it stays for whatever serves the pages with their data; renders "/" with it and records the
 * routes' reads.
 */
async function renderWithSsrBuild(
  root: string,
  configFile: string,
  outDir: string,
): Promise<{ markup: string; routeReads: RouteReads[]; routePages: Record<string, string> }> {
  const bundle = ssrBundleOf(outDir);
  await build({
    root,
    configFile,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: dirname(bundle),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        output: { entryFileNames: 'render.mjs' },
        // One file for Node: the browser's late load of the SDK client (lib/api-client.ts) has
        // nothing to move out of it here, and the bundler would say so on every build.
        checks: { ineffectiveDynamicImport: false },
      },
    },
  });
  const { renderPage, recordRouteReads } = (await import(pathToFileURL(bundle).href)) as SsrBundle;
  const routeReads = await recordRouteReads();
  const routePages: Record<string, string> = {};
  for (const { pattern } of routeReads) {
    // A path parameter stands in as a marker. A page whose markup shows it, or has a style
    // attribute (the CSP forbids them in markup; React sets styles through the DOM), is left to the shell.
    const markup = await renderPage(pattern.replace(/:(\w+)/g, 'prerender-$1'));
    if (!/prerender-\w/.test(markup) && !/\sstyle="/.test(markup)) routePages[pattern] = markup;
  }
  return { markup: await renderPage('/'), routeReads, routePages };
}
