// Runs before every web test file (jsdom). Keeps tests independent: DOM, storage, the
// session and the auth-dialog store are reset after each test.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, inject, vi } from 'vitest';
import { closeAuthDialog } from '../src/features/auth/auth-dialog-store';
import { signOut } from '../src/features/auth/session';
import { preloadLazyModules } from '../src/lib/lazy';
import { setTestMockUrl } from './mock-url';

// Lazily loaded pages and chrome are loaded in beforeAll below, so a find* waits only for the
// page's own data and rendering, never for a module compiled on demand.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; components may call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => undefined) as typeof window.scrollTo;
// user-event's arrow keys walk a radio group through CSS.escape, which jsdom lacks.
if (!window.CSS?.escape) {
  Object.defineProperty(window, 'CSS', { configurable: true, value: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } });
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
if (!('IntersectionObserver' in window)) {
  class NoopIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = NoopIntersectionObserver;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The root vitest config's global setup starts one mock and provides its URL. Running this
// project alone (without that global setup) starts a private mock for the file instead.
let ownMock: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  const provided = inject('mockUrl' as never) as string | undefined;
  if (provided) {
    setTestMockUrl(provided);
    return;
  }
  // @ts-expect-error plain ESM script without type declarations
  const { startMock } = await import('@pustak/mock');
  ownMock = (await startMock({ port: 0, log: { info() {}, warn() {}, error: console.error } })) as {
    url: string;
    close(): Promise<void>;
  };
  setTestMockUrl(ownMock.url);
}, 60_000);

// Every module the file's imports load lazily (route pages, the back office, the layout's
// deferred chrome) is compiled and loaded here, before the first test, under the hook's
// time limit rather than inside a test's 5 s wait for the page. On a busy machine the first
// compile of a page took longer than that wait (issue 12).
beforeAll(() => preloadLazyModules(), 120_000);

afterAll(async () => {
  await ownMock?.close();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  closeAuthDialog();
  window.localStorage.clear();
  signOut();
  document.body.style.overflow = '';
});
