// The pages the server makes of a web build (packages/server/src/http/web-pages.ts), with builds
// written here: what a page sends in its <head> from the build's page hints, including hints an
// older build wrote or a file that cannot be read, which must never fail a page.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebPages } from '../../packages/server/src/http/web-pages.js';

const SHELL = '<!doctype html><html><head><title>Pustak</title></head><body><div id="root"></div></body></html>';
const CSS = '<link rel="stylesheet" crossorigin href="/assets/books-page-1.css">';
const MODULE = '<link rel="modulepreload" crossorigin href="/assets/books-page-1.js">';
const READ = '<link rel="preload" as="fetch" crossorigin href="/api/book/all?page=1">';

let dist = '';
afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

async function build(hints: string | undefined) {
  dist = await mkdtemp(join(tmpdir(), 'pustak-web-pages-'));
  await writeFile(join(dist, 'index.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Home</h1></div>'));
  await writeFile(join(dist, 'shell.html'), SHELL);
  if (hints !== undefined) await writeFile(join(dist, 'page-hints.json'), hints);
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
