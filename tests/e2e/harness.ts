// Shared pieces for the browser tests: Debian's Chromium through playwright-core (nothing is
// downloaded), screenshots at phone and desktop widths, and an axe-core check.
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const screenshotDir = resolve(import.meta.dirname, '../../test-results/screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  browser: Browser;
  appUrl: string;
  mockUrl: string;
  /**
   * A fresh context (own localStorage) with one page at the given viewport, with reduced
   * motion so dialogs and drawers are screenshotted fully open.
   */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Playwright gives every launch a fresh, temporary user data dir of its own. */
export async function openBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  const appUrl = inject('appUrl');
  return {
    browser,
    appUrl,
    mockUrl: inject('appMockUrl'),
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: appUrl, reducedMotion: 'reduce' });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
    },
  };
}

/** Saves test-results/screenshots/<name>-<width>.png (full page). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(screenshotDir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Stores a session the way the sign-in dialog does, before the app's scripts run. */
export async function presetSession(page: Page, session: { token: string; role: string; userId: string }) {
  await page.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('role', s.role);
    localStorage.setItem('userId', s.userId);
  }, session);
}

let axeSource: string | undefined;
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}
