// `npm run docs` renders the contract as a static API reference that works offline: opened
// from disk in Chromium it shows the operations and the quirks while no request leaves the page.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { CONTENT_SECURITY_POLICY, buildApiDocs } from '../../scripts/build-api-docs.mjs';

let scratch: string;
let output: string;
let html: string;
let browser: Browser | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pustak-api-docs-'));
  output = join(scratch, 'index.html');
  await buildApiDocs(output);
  html = await readFile(output, 'utf8');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('the API reference', () => {
  it('forbids loading anything from elsewhere, first thing in its head', () => {
    const head = html.slice(html.indexOf('<head>'), html.indexOf('<head>') + 400);
    expect(head).toContain(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/connect-src 'none'/);
    // No stylesheet, script or image is referenced by URL in the page itself.
    expect(html).not.toMatch(/<(link|script|img)\b[^>]*(href|src)="https?:/i);
  });

  it('renders offline with no request to any host and no blocked attempt', async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    const context = await browser.newContext({ offline: true });
    const page = await context.newPage();
    const requested: string[] = [];
    const refused: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      requested.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(pathToFileURL(output).href);
    await page.getByText('Pustak bookstore API (1.0.0)').waitFor({ timeout: 60_000 });
    // The quirks Redoc would not show are in the descriptions.
    await page.getByText('Quirks (whole API)').waitFor();
    await page.getByText('catalog-admin').first().waitFor();
    // Everything Redoc draws on load (logo credit included) has been drawn by now.
    await page.waitForLoadState('load');
    expect(requested).toEqual([]);
    expect(refused).toEqual([]);
  }, 120_000);
});
