// The prerendered home page (build/prerender.ts): what it holds, and that the app takes it over
// as it is (hydration) with no mismatch, the banner filling the space the page kept for it.
import { type ActiveAnnouncement } from '@pustak/sdk';
import { act, screen, waitFor } from '@testing-library/react';
import { type Root, hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetServedBanner, serveBanner, testClient, testSwrConfig } from '../test/render';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { pageBannerFallback } from './features/announcements';
import { renderPage } from './prerender';

/**
 * The home page's markup, rendered here as the build renders it. React's server renderer leaves
 * the last context values it used (the router's location) on the context objects it shares with
 * the client renderer in this one process; rendering nothing after it puts them back.
 */
async function prerenderedHome(): Promise<string> {
  const html = await renderPage('/');
  await prerender(<></>);
  return html;
}

const BANNER: ActiveAnnouncement = { active: true, message: 'Dashain & Tihar festival sale', start: null, end: '2029-12-31T23:59:59Z', color: 'Blue', textColor: '#ffffff' };

/** The root a test hydrated: unmounted after it, so no timer of the page outlives the test. */
let hydrated: Root | undefined;

afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  forgetServedBanner();
  document.body.replaceChildren();
});

describe('the prerendered home page', () => {
  it('holds the storefront as a guest sees it before data: header, hero, skeletons, footer; no banner, no style attribute, no script', async () => {
    const html = await prerenderedHome();
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Find your next favourite book');
    expect(page.querySelector('header')).not.toBeNull();
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.querySelector('[aria-label="Open account panel"]')).not.toBeNull();
    // The banner's space only (its data is the server's, per request), before the header.
    const slot = page.querySelector('header')!.previousElementSibling!;
    expect(slot.getAttribute('aria-hidden')).toBe('true');
    expect(slot.childNodes).toHaveLength(0);
    // The CSP allows neither inline script nor style attributes.
    expect(page.querySelectorAll('script, [style]')).toHaveLength(0);
  });

  it('is hydrated as it is: the same elements, no mismatch, then the banner the page carries', async () => {
    const html = await prerenderedHome();
    serveBanner(BANNER);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const hero = container.querySelector('h1');
    // Every message React logs; the development build also notes that two renderers (the server's
    // above, the client's here) used the same contexts in one process, which only a test does.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrated = hydrateRoot(
        container,
        <AppProviders client={testClient()} swr={{ ...testSwrConfig, fallback: pageBannerFallback() }}>
          <MemoryRouter initialEntries={['/']}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(await screen.findByRole('link', { name: /Dashain & Tihar festival sale/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('contentinfo')).toBeTruthy());
    expect(container.querySelector('h1')).toBe(hero);
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.map((call) => String(call[0])).filter((message) => !/multiple renderers concurrently/.test(message))).toEqual([]);
    errors.mockRestore();
  });
});
