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
  async function measure(budgetKb: number) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [size, '--dist', inject('webDist'), '--budget', String(budgetKb)]);
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }
  const homeFigure = (stdout: string) => Number(/Home page before render: ([\d.]+) KB gzip/.exec(stdout)?.[1]);
  const counted = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('*')).map((line) => line.trim().split(/\s+/).at(-1));

  it('counts what index.html loads with what the home page imports, not the lazy rest, and passes within the budget', async () => {
    const { code, stdout } = await measure(1000);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/Home page before render: [\d.]+ KB gzip .* OK$/m);
    const files = counted(stdout);
    const html = await readFile(join(inject('webDist'), 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(files).toContain(entry);
    // The home page's hero is counted (in the entry or a chunk of its own).
    const home = await Promise.all(files.map((file) => readFile(join(inject('webDist'), file!), 'utf8')));
    expect(home.some((source) => source.includes('Find your next favourite book'))).toBe(true);
    // Code the home page does not load first is not counted: other pages, the back office, the
    // live connection's SignalR client, the sections below the hero (prerendered markup until
    // their module, loaded as the page renders, takes it over).
    expect(files.filter((file) => /admin|books-page|book-details|esm-|home-sections/.test(file!))).toEqual([]);
    // Nor the SDK client's code (openapi-fetch, retries, the resource groups): the page is taken
    // over without it, and it arrives beside the first script (lib/api-client.ts). It is in the build.
    const clientCode = 'createPustakClient: pass getToken or session, not both';
    expect(home.filter((source) => source.includes(clientCode))).toEqual([]);
    const all = (await readdir(join(inject('webDist'), 'assets'))).filter((file) => file.endsWith('.js'));
    const sources = await Promise.all(all.map((file) => readFile(join(inject('webDist'), 'assets', file), 'utf8')));
    expect(sources.filter((source) => source.includes(clientCode))).toHaveLength(1);
    expect(homeFigure(stdout)).toBeGreaterThan(50);
  });

  it('fails (exit code 1) above the budget', async () => {
    const { stdout: within } = await measure(1000);
    const figure = homeFigure(within);
    const { code, stdout } = await measure(Math.floor(figure) - 0.5);
    expect(code, stdout).toBe(1);
    expect(stdout).toMatch(/OVER BUDGET$/m);
  });
});
