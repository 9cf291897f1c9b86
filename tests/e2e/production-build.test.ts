// The production build as it is served (the e2e global setup builds it once into webDist).
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('production build', () => {
  it('publishes no source maps: no .map file in the served folder and no sourceMappingURL in its scripts and styles', async () => {
    const dist = inject('webDist');
    const files = await filesUnder(dist);
    const scripts = files.filter((f) => /\.(js|css)$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    expect(files.filter((f) => f.endsWith('.map')).map((f) => relative(dist, f))).toEqual([]);
    const linking: string[] = [];
    for (const file of scripts) {
      if (/[#@] sourceMappingURL=/.test(await readFile(file, 'utf8'))) linking.push(relative(dist, file));
    }
    expect(linking).toEqual([]);
  });
});

describe('npm run size', () => {
  const size = resolve(import.meta.dirname, '../../scripts/size.mjs');
  /** Runs scripts/size.mjs on the served build: its exit code and what it printed. */
  async function measure(budgetKb: number, takeoverBudgetKb = 1000) {
    const options = ['--budget', String(budgetKb), '--takeover-budget', String(takeoverBudgetKb)];
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [size, '--dist', inject('webDist'), ...options]);
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }
  const paintFigure = (stdout: string) => Number(/Home page before first paint: ([\d.]+) KB gzip/.exec(stdout)?.[1]);
  const takeoverFigure = (stdout: string) => Number(/Home page to take over: ([\d.]+) KB gzip/.exec(stdout)?.[1]);
  const marked = (stdout: string, mark: string) => stdout.split('\n').filter((line) => line.startsWith(mark)).map((line) => line.trim().split(/\s+/).at(-1)!);
  const sourcesOf = (files: string[]) => Promise.all(files.map((file) => readFile(join(inject('webDist'), file), 'utf8')));

  it('counts before the first paint only what index.html loads (the boot script), and the app it loads after the paint to take over, within the budgets', async () => {
    const { code, stdout } = await measure(1000);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/Home page before first paint: [\d.]+ KB gzip .* OK$/m);
    expect(stdout).toMatch(/Home page to take over: [\d.]+ KB gzip .* OK$/m);
    const html = await readFile(join(inject('webDist'), 'index.html'), 'utf8');
    // The page's only script is the boot script; no module preload competes with the paint.
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(html).not.toMatch(/rel="modulepreload"/);
    const beforePaint = marked(stdout, '*');
    expect(beforePaint).toEqual(scripts);
    // React is not in it: the boot script holds clicks and imports the app after the paint.
    const [boot] = await sourcesOf(beforePaint);
    expect(boot).not.toContain('react.transitional.element');
    expect(paintFigure(stdout)).toBeLessThan(10);
    // The app it loads after the paint is counted, and is a few files: the home page's hero is in them.
    const takeover = marked(stdout, '+');
    expect(takeover.length).toBeGreaterThan(0);
    expect(takeover.length).toBeLessThanOrEqual(3);
    const app = await sourcesOf(takeover);
    expect(app.some((source) => source.includes('react.transitional.element'))).toBe(true);
    expect(app.some((source) => source.includes('Find your next favourite book'))).toBe(true);
    // Code the home page does not load to take over is not counted: other pages, the back office,
    // the live connection's SignalR client, the sections below the hero (prerendered markup until
    // their module, loaded as the page renders, takes it over).
    expect([...beforePaint, ...takeover].filter((file) => /admin|books-page|book-details|esm-|home-sections/.test(file))).toEqual([]);
    // Nor the SDK client's code (openapi-fetch, retries, the resource groups): the page is taken
    // over without it, and it loads on the first call (lib/api-client.ts). It is in the build.
    const clientCode = 'createPustakClient: pass getToken or session, not both';
    expect([boot, ...app].filter((source) => source!.includes(clientCode))).toEqual([]);
    const all = (await readdir(join(inject('webDist'), 'assets'))).filter((file) => file.endsWith('.js'));
    const sources = await Promise.all(all.map((file) => readFile(join(inject('webDist'), 'assets', file), 'utf8')));
    expect(sources.filter((source) => source.includes(clientCode))).toHaveLength(1);
    expect(takeoverFigure(stdout)).toBeGreaterThan(50);
  });

  it('links the stylesheets of the app it loads after the paint in the head, so the page paints styled', async () => {
    const html = await readFile(join(inject('webDist'), 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const styles = [...head.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    expect(styles.length).toBeGreaterThan(0);
    // The CSS-module classes of the header, the hero and the footer (a lazy module, far below: a
    // visitor who scrolls before the app takes over) are defined in those stylesheets. The
    // toasts' region, empty, and the sections below the hero come with their modules.
    const css = (await sourcesOf(styles)).join('\n');
    const hero = html.indexOf('Find your next favourite book');
    const top =
      html.slice(html.indexOf('<div id="root">'), html.indexOf('</header>')) +
      html.slice(html.indexOf('<main'), html.indexOf('</section>', hero)) +
      html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    const classes = [...new Set([...top.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)))].filter((name) => /^_\w+_\w+_\d+$/.test(name));
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((name) => !css.includes(`.${name}`))).toEqual([]);
  });

  it('fails (exit code 1) above either budget', async () => {
    const { stdout: within } = await measure(1000);
    const beforePaint = await measure(paintFigure(within) - 0.05);
    expect(beforePaint.code, beforePaint.stdout).toBe(1);
    expect(beforePaint.stdout).toMatch(/Home page before first paint: .* OVER BUDGET$/m);
    const takeover = await measure(1000, Math.floor(takeoverFigure(within)) - 0.5);
    expect(takeover.code, takeover.stdout).toBe(1);
    expect(takeover.stdout).toMatch(/Home page to take over: .* OVER BUDGET$/m);
  });
});
