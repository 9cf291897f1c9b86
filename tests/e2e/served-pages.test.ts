// The pages of the production build as the Pustak server serves them (docs/decisions.md, "First
// paint"): the home page prerendered at "/" only, the empty shell at every other path, and each
// page marked with the announcement banner's state and carrying its data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/helpers.js';

const HERO = 'Find your next favourite book';
const EMPTY_ROOT = '<div id="root"></div>';
/** The JSON block of a served page, parsed. */
const bannerData = (html: string) => JSON.parse(/<script type="application\/json" id="pustak-banner">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
const bannerMark = (html: string) => /<html[^>]*\sdata-banner="(\w+)"/.exec(html)?.[1];
const scripts = (html: string) => [...html.matchAll(/<(?:script type="module"|link rel="modulepreload"|link rel="stylesheet")[^>]*>/g)].map((m) => m[0]);

describe('the build', () => {
  it('prerenders the home page into index.html and keeps an empty shell, with the same scripts, for the other paths', async () => {
    const index = await readFile(join(inject('webDist'), 'index.html'), 'utf8');
    const shell = await readFile(join(inject('webDist'), 'shell.html'), 'utf8');
    expect(index).toContain(HERO);
    expect(index).not.toContain(EMPTY_ROOT);
    // The CSP allows no inline script and no style attribute.
    expect(index).not.toMatch(/<script>|\sstyle="/);
    expect(shell).toContain(EMPTY_ROOT);
    expect(shell).not.toContain(HERO);
    expect(scripts(shell)).toEqual(scripts(index));
    expect(scripts(index).length).toBeGreaterThan(1);
  });
});

describe('the Pustak server', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ settings: { webDist: inject('webDist'), production: true } });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const reply = await t.call({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(reply.statusCode, url).toBe(200);
    expect(reply.headers['content-type'], url).toMatch(/^text\/html/);
    return reply;
  };

  it('serves the prerendered home page at / only; /books and every other path get the shell, never the home page', async () => {
    expect((await page('/')).body).toContain(HERO);
    for (const url of ['/books', '/books?search=muna', '/bookDetails/0f0e0000-0000-4000-8000-000000000003', '/admin', '/no/such/page', '/index.html', '/shell.html']) {
      const { body } = await page(url);
      expect(body, url).not.toContain(HERO);
      expect(body, url).toContain(EMPTY_ROOT);
    }
    // The pages change with the banner: never kept by a cache without asking.
    expect((await page('/')).headers['cache-control']).toBe('no-cache');
  });

  it('marks each page with the active banner and carries its data, then "off" once none is active', async () => {
    const active = (await t.call({ method: 'GET', url: '/api/announcement/active' })).json();
    expect(active.active).toBe(true);
    for (const url of ['/', '/books']) {
      const { body } = await page(url);
      expect(bannerMark(body), url).toBe('on');
      expect(bannerData(body), url).toEqual(active);
    }
    const all = (await t.call({ method: 'GET', url: '/api/announcement/all', token: admin })).json().data as { announcementId: string }[];
    for (const { announcementId } of all) {
      expect((await t.call({ method: 'DELETE', url: `/api/announcement/delete/${announcementId}`, token: admin })).statusCode).toBe(200);
    }
    // At once: deleting a banner drops the server's cached copy.
    for (const url of ['/', '/books']) {
      const { body } = await page(url);
      expect(bannerMark(body), url).toBe('off');
      expect(bannerData(body), url).toEqual({ active: false });
    }
  });

  it("puts a banner's message in the page as data that cannot end its block", async () => {
    const message = '</script><script>alert(1)</script><!-- sale';
    const created = await t.call({
      method: 'POST',
      url: '/api/announcement/addAnnouncement',
      token: admin,
      payload: { Message: message, StartTime: '2020-01-01T00:00:00Z', EndTime: '2099-01-01T00:00:00Z', IsPinned: true, Color: 'Red', TextColor: '#ffffff' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { body } = await page('/');
    expect(bannerMark(body)).toBe('on');
    expect(bannerData(body).message).toBe(message);
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)).toHaveLength(scripts(body).filter((tag) => tag.startsWith('<script')).length + 1);
  });
});
