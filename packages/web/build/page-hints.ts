// Served pages that start a route's work at once (issue 11, docs/decisions.md "First paint").
//
// A storefront page other than "/" (say /books) used to wait in turn for: the entry script, then
// its own lazily loaded module (and CSS), then its API read, then the covers. The build records
// for each such route what it will load (Vite's manifest) and read (build/prerender.ts asks the
// app, src/prerender.tsx); whatever serves the page adds those as preload links to its <head>, so
// the browser fetches them beside the entry script. Only hints: a browser that ignores them loads
// the page as before, and nothing is read from them.
//
// dist/page-hints.json holds, per route, ready-made <link> tags; a path parameter is `:name` in the
// API reads. The Pustak server (packages/server/src/plugins/web-build-pages.ts) applies the same file.

/** What dist/page-hints.json holds. */
export interface PageHints {
  routes: Array<{
    /** The route's address, `:name` for a path parameter. */
    pattern: string;
    /** Its stylesheets, applied: every page of the route needs them for its first paint. */
    styles: string[];
    /** Preloads of the route's module and the modules it imports: for a page that needs them to show its data. */
    modules: string[];
    /** Preloads of its API reads, on a visit with no query string (another query reads other data). */
    reads: string[];
    /** The route prerendered as it looks before its data arrives, served for a visit with no query string. */
    page?: string;
  }>;
}

/** The parts of Vite's build manifest read here. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

export interface RouteReads {
  pattern: string;
  module: string;
  api: string[];
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The hints of each route: its module's chunk and the chunks and CSS it imports, less what the entry loads already. */
export function pageHintsFromManifest(manifest: Manifest, routes: RouteReads[], base = '/'): PageHints {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);
  return {
    routes: routes.map(({ pattern, module, api }) => {
      if (!manifest[module]) throw new Error(`page hints: ${module} is not a chunk of the build`);
      const keys = [...closure(module)].filter((key) => !loaded.has(key));
      const scripts = keys.map((key) => manifest[key]!.file);
      const styles = [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))];
      // `crossorigin` as Vite's own preloads have it, so the app's requests find these.
      return {
        pattern,
        // Applied, not just fetched: a page sent rendered needs its CSS for its first paint, and
        // the app's own insertion of the same stylesheet then finds it in place.
        styles: styles.map((file) => `<link rel="stylesheet" crossorigin href="${attr(base + file)}">`),
        modules: scripts.map((file) => `<link rel="modulepreload" crossorigin href="${attr(base + file)}">`),
        reads: api.map((path) => `<link rel="preload" as="fetch" crossorigin href="${attr(`/api${path.replace(/^\/api/, '')}`)}">`),
      };
    }),
  };
}

/** The parameters of `path` if it matches `pattern` (literal parts ignore case, as React Router does). */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const value = got[i]!;
    if (part.startsWith(':')) {
      if (!value) return null;
      params[part.slice(1)] = value;
    } else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * What to serve for `path` (`query`: the request's query string, '' for none): `hinted`, whether
 * a route's hints apply; the route's prerendered page if it has one and there is no query
 * (undefined: the shell); and the <link> tags for its <head>: `head` for a page sent without its
 * data (stylesheets, module preloads, API reads: the app must run to show the data), `links` for
 * a page sent rendered with its data (stylesheets only: its first paint needs nothing else, and
 * preloads beside them would only share the line with them; the entry script asks for the
 * route's modules when it runs).
 */
export function hintsFor(
  hints: PageHints | undefined,
  path: string,
  query: string,
): { hinted: boolean; page: string | undefined; head: string; links: string } {
  for (const route of hints?.routes ?? []) {
    const params = matchPattern(route.pattern, path);
    if (!params) continue;
    let reads = query ? [] : route.reads;
    try {
      // The value the app's SDK call sends: the decoded path segment, encoded again.
      reads = reads.map((tag) =>
        tag.replace(/:(\w+)/g, (whole, name: string) =>
          name in params ? attr(encodeURIComponent(decodeURIComponent(params[name]!))) : whole,
        ),
      );
    } catch {
      reads = []; // a malformed escape in the address: the page reads nothing it could name
    }
    return {
      hinted: true,
      page: query ? undefined : route.page,
      head: [...route.styles, ...route.modules, ...reads].join(''),
      links: route.styles.join(''),
    };
  }
  return { hinted: false, page: undefined, head: '', links: '' };
}
