// The web app's pages (docs/decisions.md, "First paint"). The build writes two: index.html, the
// home page prerendered, served at "/" only; and shell.html, the same page with an empty #root,
// for every other path of the single-page app (so /books never shows the home page first). A
// build without shell.html (an older one) serves index.html everywhere.
//
// Each page says whether the announcement banner shows, so its first paint has the banner's space
// right without waiting for the app: `<html data-banner="on|off">`, and the banner's data in a
// JSON block the app reads (packages/web/build/prerender.ts writes the same for `vite preview`).
// A JSON block never runs: the CSP, which forbids inline script, allows it.
//
// A page of a route the build hints at (page-hints.json, written by packages/web/build/page-hints.ts)
// links that route's CSS; sent without its data, it also preloads the route's modules and first API
// reads, so the browser fetches them beside the entry script instead of one after another.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const BANNER_DATA_ID = 'pustak-banner';

/**
 * `page` with `text` in place of the first `marker`. Through a replacer function, never as a
 * replacement string: the text carries what visitors and customers wrote (a search, a review, a
 * book's title), and `$&`, `` $` `` or `$'` in a replacement string put copies of the page in it.
 */
const fill = (page: string, marker: string | RegExp, text: string) => page.replace(marker, () => text);

/**
 * `value` as the text of a JSON block, as the web build writes its blocks (packages/web/src/lib/json-block.ts):
 * `<` escaped, so nothing in it ends the block or opens a comment (`</script>`, `<!--`), and
 * U+2028/U+2029 too, so it reads the same as a script.
 */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The page for `path`, marked with the banner's state (unmarked when it is not known: the app
 * asks) and with its route's preloads; `query` is the request's query string ('' for none).
 */
export type WebPages = (
  path: string,
  banner: { active: boolean } | undefined,
  query?: string,
  /** This server's API for the page's reads, as the visitor's request would reach it (its host). */
  fetchApi?: (request: Request) => Promise<Response>,
) => Promise<string>;

/**
 * What the build's page-hints.json holds: per route, ready-made <link> tags (`:name` for a path
 * parameter in reads). A build before the split into `styles` and `modules` has them together in
 * `links`, applied to every page of the route as that build's pages expect.
 */
interface PageHints {
  routes: Array<{ pattern: string; styles?: string[]; modules?: string[]; links?: string[]; reads?: string[]; page?: string }>;
}

/** The parameters of `path` if it matches `pattern` (literal parts ignore case, as the app's router does). */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i]!;
    if (part.startsWith(':') && value) params[part.slice(1)] = value;
    else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * For `path`: whether a route's hints apply, its route's prerendered page when there is no query
 * (else the shell), and the <head> tags: `head` for the page sent without its data (the route's
 * CSS, module preloads, and its API reads when there is no query: another query reads other data),
 * `links` for the page sent rendered with its data (its CSS only: nothing else for the first paint
 * to share the line with; the entry script asks for the route's modules when it runs).
 */
function hintsFor(hints: PageHints | null, path: string, query: string): { hinted: boolean; page: string | undefined; head: string; links: string } {
  for (const route of hints?.routes ?? []) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    const styles = route.styles ?? route.links ?? [];
    const modules = route.modules ?? [];
    try {
      // What the app's SDK sends: the decoded path segment, encoded again.
      const reads = query ? [] : (route.reads ?? []).map((tag) => tag.replace(/:(\w+)/g, (whole, name: string) =>
        params[name] === undefined ? whole : encodeURIComponent(decodeURIComponent(params[name]))));
      return { hinted: true, page: query ? undefined : route.page, head: [...styles, ...modules, ...reads].join(''), links: styles.join('') };
    } catch {
      // a malformed escape in the address: no read is named
      return { hinted: true, page: undefined, head: [...styles, ...modules].join(''), links: styles.join('') };
    }
  }
  return { hinted: false, page: undefined, head: '', links: '' };
}

/** What the web build's server-side bundle (`<webDist>-ssr/render.mjs`) offers here. */
interface SsrBundle {
  renderRoute: (url: string, fetchApi: (request: Request) => Promise<Response>) => Promise<{ markup: string; data: unknown } | undefined>;
  pageDataBlock: (data: unknown) => string;
}

/**
 * The pages of the web build in `webDist`. With a page's `fetchApi` (this server's own API, in
 * process) and the build's server-side bundle beside it, a page the hints name (/books, a book page) is sent
 * rendered with its data: its first reads' answers in the markup and in a JSON block the app
 * starts from, so its first paint shows the books (docs/decisions.md). Without either, or when
 * the reads fail, the page is the prerendered one.
 */
export function createWebPages(webDist: string): WebPages {
  const files = new Map<string, Promise<string>>();
  const read = (name: string) => {
    let file = files.get(name);
    if (!file) {
      file = readFile(join(webDist, name), 'utf8');
      files.set(name, file);
    }
    return file;
  };
  const shell = existsSync(join(webDist, 'shell.html')) ? 'shell.html' : 'index.html';
  const hints: Promise<PageHints | null> = existsSync(join(webDist, 'page-hints.json'))
    ? read('page-hints.json')
        .then((text) => {
          const parsed = JSON.parse(text) as PageHints | null;
          return Array.isArray(parsed?.routes) ? parsed : null;
        })
        // Only hints: a file this server cannot read or parse serves the pages without them.
        .catch(() => null)
    : Promise.resolve(null);
  const bundle = join(`${resolve(webDist)}-ssr`, 'render.mjs');
  const ssr: Promise<SsrBundle | null> =
    existsSync(bundle) ? import(pathToFileURL(bundle).href).then((module) => module as SsrBundle, () => null) : Promise.resolve(null);
  const render = async (path: string, query: string, links: string | undefined, fetchApi?: (request: Request) => Promise<Response>): Promise<string | undefined> => {
    const bundled = links !== undefined && fetchApi ? await ssr : null;
    const rendered = await bundled?.renderRoute(query ? `${path}?${query}` : path, fetchApi!).catch(() => undefined);
    if (!rendered) return undefined;
    const page = fill(await read(shell), '<div id="root"></div>', `<div id="root">${rendered.markup}</div>`);
    // The page's data is in it: its reads are not preloaded.
    return fill(page, '</head>', `${links}${bundled!.pageDataBlock(rendered.data)}</head>`);
  };
  return async (path, banner, query = '', fetchApi) => {
    const hinted = hintsFor(await hints, path, query);
    const head = hinted.head;
    // A page name from the build's own file: a plain file name, never a path.
    const routePage = hinted.page && /^[\w-]+\.html$/.test(hinted.page) ? hinted.page : undefined;
    const rendered = await render(path, query, hinted.hinted ? hinted.links : undefined, fetchApi);
    const page = rendered ?? (await read(path === '/' ? 'index.html' : (routePage ?? shell)));
    const html = rendered || !head ? page : fill(page, '</head>', `${head}</head>`);
    if (!banner) return html;
    const marked = fill(html, /<html\b/, `<html data-banner="${banner.active ? 'on' : 'off'}"`);
    return fill(marked, '</head>', `<script type="application/json" id="${BANNER_DATA_ID}">${scriptJson(banner)}</script></head>`);
  };
}
