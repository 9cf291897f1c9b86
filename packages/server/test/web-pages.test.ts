// The pages the server makes of a web build (packages/server/src/http/web-pages.ts), with builds
// written here: what a page sends in its <head> from the build's page hints, including hints an
// older build wrote or a file that cannot be read, which must never fail a page.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebPages } from '../src/http/web-pages.js';

const SHELL = '<!doctype html><html><head><title>Pustak</title></head><body><div id="root"></div></body></html>';
const CSS = '<link rel="stylesheet" crossorigin href="/assets/books-page-1.css">';
const MODULE = '<link rel="modulepreload" crossorigin href="/assets/books-page-1.js">';
const READ = '<link rel="preload" as="fetch" crossorigin href="/api/book/all?page=1">';

/**
 * A server-side bundle (the build's `<dist>-ssr/render.mjs`) that renders a page's search as its
 * markup and data, as the real one puts a /books search in the search box and the page's data.
 */
const RENDER = `
export async function renderRoute(url) {
  const search = new URL(url, 'http://page.invalid').searchParams.get('search');
  return { markup: '<p>' + search + '</p>', data: { search } };
}
export function pageDataBlock(data) {
  return '<script type="application/json" id="pustak-page">' + JSON.stringify(data) + '</script>';
}
`;

let dist = '';
afterEach(async () => {
  if (dist) await Promise.all([rm(dist, { recursive: true, force: true }), rm(`${dist}-ssr`, { recursive: true, force: true })]);
});

async function build(hints: string | undefined, render?: string) {
  dist = await mkdtemp(join(tmpdir(), 'pustak-web-pages-'));
  await writeFile(join(dist, 'index.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Home</h1></div>'));
  await writeFile(join(dist, 'shell.html'), SHELL);
  if (hints !== undefined) await writeFile(join(dist, 'page-hints.json'), hints);
  if (render !== undefined) {
    await mkdir(`${dist}-ssr`);
    await writeFile(join(`${dist}-ssr`, 'render.mjs'), render);
  }
  return createWebPages(dist);
}

describe('the pages of a web build', () => {
  it('a page sent without its data gets its route CSS, module preloads and reads; another page none', async () => {
    const pages = await build(JSON.stringify({ routes: [{ pattern: '/books', styles: [CSS], modules: [MODULE], reads: [READ] }] }));
    expect(await pages('/books', undefined)).toContain(`${CSS}${MODULE}${READ}</head>`);
    expect(await pages('/books', undefined, 'genre=Fiction')).toContain(`${CSS}${MODULE}</head>`);
    expect(await pages('/contact', undefined)).toBe(SHELL);
  });

  it("serves an older build's hints (one `links` list) as that build's pages expect", async () => {
    const pages = await build(JSON.stringify({ routes: [{ pattern: '/books', links: [CSS, MODULE], reads: [READ] }] }));
    expect(await pages('/books', undefined)).toContain(`${CSS}${MODULE}${READ}</head>`);
  });

  it("puts a visitor's text in the page as written: `$&`, `$'` and the like are no patterns of the page", async () => {
    // Each replacement pattern of String.prototype.replace; a copy of the page for each, were it one.
    const text = "a $& b $` c $' d $1 e $$ f </script> g <!-- h \u2028 i";
    const pages = await build(JSON.stringify({ routes: [{ pattern: '/books', styles: [CSS], modules: [MODULE], reads: [READ] }] }), RENDER);
    const banner = { active: true, message: text };
    const bannerBlock = `<script type="application/json" id="pustak-banner">${JSON.stringify(banner).replace('</', '\\u003c/').replace('<!', '\\u003c!').replace('\u2028', '\\u2028')}</script>`;
    const fetchApi = async () => new Response('{}');
    expect(await pages('/books', banner, `search=${encodeURIComponent(text)}`, fetchApi)).toBe(
      '<!doctype html><html data-banner="on"><head><title>Pustak</title>' +
        `${CSS}<script type="application/json" id="pustak-page">${JSON.stringify({ search: text })}</script>${bannerBlock}</head>` +
        `<body><div id="root"><p>${text}</p></div></body></html>`,
    );
    // A page sent without its data: the banner's block and the route's hints.
    expect(await pages('/books', banner)).toBe(
      `<!doctype html><html data-banner="on"><head><title>Pustak</title>${CSS}${MODULE}${READ}${bannerBlock}</head><body><div id="root"></div></body></html>`,
    );
  });

  it('serves every page without hints when the hints file cannot be read', async () => {
    for (const broken of ['{not json', '{"routes": {"pattern": "/books"}}', 'null']) {
      const pages = await build(broken);
      expect(await pages('/books', undefined), broken).toBe(SHELL);
      expect(await pages('/', { active: false }), broken).toContain('<h1>Home</h1>');
      await rm(dist, { recursive: true, force: true });
      dist = '';
    }
  });
});
