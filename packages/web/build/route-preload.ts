import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A page's code loads lazily (one chunk per route), so a browser learns which chunks a page
 * needs only once the app's entry chunk has downloaded and run: a second round trip before the
 * page can paint. This plugin writes a tiny script, run by index.html before the entry, that
 * looks at the address and asks at once for that route's chunks (modulepreload) and their styles,
 * with the layout's own lazy chunks that must be there for the first paint. API answers the first
 * paint waits for are preloaded by index.html itself (as fetch; the app's own request then takes
 * the answer over). The script is a plain file of the build (no inline script, so the
 * Content-Security-Policy needs no exception).
 */
export interface RoutePreloadOptions {
  /** The route table's source; its `publicRoutes` entries read `path: '…', element: page(() => import('…'))`. */
  routesFile: string;
  /** Modules (source paths) lazily loaded by the layout that every one of these routes paints with. */
  everyRoute?: string[];
  /** Same-origin API addresses the first paint waits for (preloaded on every address). */
  data?: string[];
}

/** A route of the table: its path pattern (as react-router writes it) and the page's module. */
export interface PageRoute {
  path: string;
  module: string;
}

/** Reads the `publicRoutes` array of a route table: `{ index: true | path: '…', element: page(() => import('…')) }`. */
export function readPageRoutes(source: string, routesFile: string): PageRoute[] {
  const start = source.indexOf('export const publicRoutes');
  const end = source.indexOf('\n];', start);
  if (start < 0 || end < 0) throw new Error(`route-preload: no publicRoutes table in ${routesFile}`);
  const table = source.slice(start, end);
  const entry = /\{\s*(?:index:\s*true|path:\s*'([^']+)'),\s*element:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;
  const routes: PageRoute[] = [];
  for (const [, path, spec] of table.matchAll(entry)) {
    if (path === '*') continue; // the not-found page is no target worth a head start
    routes.push({ path: `/${path ?? ''}`, module: resolve(dirname(routesFile), spec) });
  }
  if (routes.length === 0) throw new Error(`route-preload: read no routes from ${routesFile}`);
  return routes;
}

/** react-router's `/bookDetails/:bookId` as a regular expression source for location.pathname. */
export function pathPattern(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return path === '/' ? '^/$' : `^${body}/?$`;
}

/** One preload list per route: [path pattern, scripts, styles], files relative to the site's root. */
export type PreloadTable = [pattern: string, scripts: string[], styles: string[]][];

/** The script's source: pick the route of the address, then add its preload links. */
export function preloadScript(table: PreloadTable): string {
  // Each file is written once; the routes list them by number.
  const files = [...new Set(table.flatMap(([, scripts, styles]) => [...scripts, ...styles]))];
  const numbered = table.map(([pattern, scripts, styles]) => [
    pattern,
    scripts.map((f) => files.indexOf(f)),
    styles.map((f) => files.indexOf(f)),
  ]);
  return `// Written by build/route-preload.ts: the chunks and styles of this address's route, asked for before the app runs.
const files = ${JSON.stringify(files)};
const routes = ${JSON.stringify(numbered)};
const route = routes.find(([pattern]) => new RegExp(pattern).test(location.pathname));
const link = (rel, file, as) => {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = \`/\${files[file]}\`;
  if (as) element.as = as;
  element.crossOrigin = '';
  document.head.append(element);
};
for (const file of route ? route[1] : []) link('modulepreload', file);
for (const file of route ? route[2] : []) link('preload', file, 'style');
`;
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreload(options: RoutePreloadOptions): Plugin {
  return {
    name: 'pustak:route-preload',
    apply: 'build',
    // After Vite's own HTML step has put index.html in the bundle.
    generateBundle: {
      order: 'post',
      handler(_output, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as ChunkInfo[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preload: the build has no entry chunk');
      const withImports = (file: string, into: Set<string>) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) withImports(dep, into);
        return into;
      };
      // What index.html loads already is left out.
      const loadedByHtml = withImports(entry.fileName, new Set());
      // A page's own chunk, else the shared chunk that holds the module.
      const chunkOf = (module: string) => {
        const same = (id: string | null) => id?.replace(/\.[jt]sx?$/, '') === module.replace(/\.[jt]sx?$/, '');
        const chunk = chunks.find((c) => same(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(same));
        if (!chunk) throw new Error(`route-preload: no chunk holds ${module}`);
        return chunk.fileName;
      };
      const everyRoute = (options.everyRoute ?? []).map(chunkOf);
      const table: PreloadTable = readPageRoutes(readFileSync(options.routesFile, 'utf8'), options.routesFile).map(
        (route) => {
          const files = new Set<string>();
          for (const file of [chunkOf(route.module), ...everyRoute]) withImports(file, files);
          const scripts = [...files].filter((file) => !loadedByHtml.has(file));
          const styles = new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
          return [pathPattern(route.path), scripts, [...styles]];
        },
      );
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source: preloadScript(table) });
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('route-preload: index.html is not in the bundle yet');
      // The data first, straight from the HTML (the app's own request for it takes the answer over).
      const dataTags = (options.data ?? []).map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>\n    `);
      const tag = `${dataTags.join('')}<script type="module" crossorigin src="/${this.getFileName(ref)}"></script>`;
      const source = String(html.source);
      const entryTag = source.indexOf('<script type="module"');
      if (entryTag < 0) throw new Error('route-preload: index.html has no module script to go before');
      // Before the entry: module scripts run in document order, and this one is tiny.
      html.source = `${source.slice(0, entryTag)}${tag}\n    ${source.slice(entryTag)}`;
      },
    },
  };
}
