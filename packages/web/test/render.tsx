import { type ActiveAnnouncement, type PustakClient } from '@pustak/sdk';
import { type RenderResult, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useLayoutEffect } from 'react';
import { type Location, type NavigateFunction, type RouteObject, MemoryRouter, useLocation, useNavigate } from 'react-router';
import { type SWRConfiguration } from 'swr';
import { type AppConfig } from '../src/lib/app-config';
import { AppProviders } from '../src/app/providers';
import { AppRoutes, appRoutes } from '../src/app/routes';
import { appSession, openAuthDialog, signIn } from '../src/features/auth';
import { createAppClient } from '../src/lib/api-client';
import { getTestMockUrl } from './mock-url';

/**
 * An app client at `baseUrl`, wired like main.tsx wires the real one (session token, 401 opens
 * sign-in), without retries: a failure a test scripts is shown at once.
 */
export function testClient(baseUrl = `${getTestMockUrl()}/api`): PustakClient {
  return createAppClient({ baseUrl, session: appSession, onUnauthorized: () => openAuthDialog('signIn'), maxRetries: 0 });
}

/** Mock users from the contract's examples. */
export const MOCK_USERS = {
  admin: { userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a01', role: 'Admin', username: 'admin' },
  staff: { userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a02', role: 'Staff', username: 'staff' },
  customer: { userId: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a03', role: 'User', username: 'sita' },
} as const;

export type TestSession = { token: string; role: string; userId: string };

/** A stored session for a mock user: `session: sessionFor('customer')`. */
export function sessionFor(who: keyof typeof MOCK_USERS): TestSession {
  const user = MOCK_USERS[who];
  return { token: `test-token-${who}`, role: user.role, userId: user.userId };
}

export interface RenderWithAppOptions {
  /** Starting URL (default '/'). */
  route?: string;
  /** Mock origin (default: the one test/setup.ts knows). The client calls `${mockUrl}/api`. */
  mockUrl?: string;
  /** Stored before rendering, like a signed-in browser. */
  session?: TestSession | null;
  /** Route table (default: the app's full table). Ignored when `ui` is given. */
  routes?: RouteObject[];
  /** Live notifications etc.; default offline (hubUrl null). */
  config?: Partial<AppConfig>;
  /** A prebuilt client (default: createAppClient at the mock). */
  client?: PustakClient;
  /** Merged over the tests' SWR settings, e.g. `{ fallback: pageBannerFallback() }` as main.tsx passes. */
  swr?: SWRConfiguration;
}

/** What tests drive the memory router with (the app itself navigates through links). */
export interface TestRouter {
  navigate: NavigateFunction;
  readonly location: Location;
}

export interface RenderWithAppResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  router: TestRouter;
  client: PustakClient;
  /** Current path + search of the memory router. */
  location: () => string;
}

/** The tests' SWR settings: a fresh cache per render, no deduping, no refetch on focus. */
export const testSwrConfig: SWRConfiguration = { provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false, revalidateOnReconnect: false };

/**
 * Renders like the real app: AppProviders (SDK client at the mock, fresh SWR cache,
 * toasts) and a memory router.
 *   renderWithApp(undefined, { route: '/books' })  -> the full route table at /books
 *   renderWithApp(<BookCard book={b} />)            -> just that element, still inside a router
 *                                                     (at `route`, default '/')
 */
export function renderWithApp(ui?: ReactElement, options: RenderWithAppOptions = {}): RenderWithAppResult {
  const { route = '/', session, config, routes } = options;
  if (session) signIn(session);
  const client =
    options.client ?? testClient(`${options.mockUrl ?? getTestMockUrl()}/api`);
  const table: RouteObject[] = ui ? [{ path: '*', element: ui }] : (routes ?? appRoutes);
  const probe: { navigate?: NavigateFunction; location?: Location } = {};
  const router: TestRouter = {
    navigate: ((...args: unknown[]) => (probe.navigate as (...a: unknown[]) => unknown)(...args)) as NavigateFunction,
    get location() {
      return probe.location!;
    },
  };
  const user = userEvent.setup();
  const result = render(
    <AppProviders
      client={client}
      config={{ hubUrl: null, ...config }}
      swr={{ ...testSwrConfig, ...options.swr }}
    >
      <MemoryRouter initialEntries={[route]}>
        <RouterProbe
          onChange={(navigate, current) => {
            probe.navigate = navigate;
            probe.location = current;
          }}
        />
        <AppRoutes routes={table} />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => `${router.location.pathname}${router.location.search}`;
  return { ...result, user, router, client, location };
}

/** Hands the memory router's navigate and current location to the test. */
function RouterProbe({ onChange }: { onChange: (navigate: NavigateFunction, location: Location) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => onChange(navigate, location), [onChange, navigate, location]);
  return null;
}

/**
 * A clock the test moves by hand, for AppConfig.schedule: `renderWithApp(ui, { config: { schedule:
 * clock.schedule } })`, then `act(() => clock.advance(999))`. Nothing runs until it is advanced.
 */
export function manualClock() {
  let now = 0;
  let pending: { at: number; run: () => void }[] = [];
  return {
    schedule(run: () => void, delayMs: number) {
      const entry = { at: now + delayMs, run };
      pending.push(entry);
      return () => {
        pending = pending.filter((other) => other !== entry);
      };
    },
    /** Moves the clock on by `ms` and runs, in time order, what fell due. */
    advance(ms: number) {
      now += ms;
      const due = pending.filter((entry) => entry.at <= now).sort((a, b) => a.at - b.at);
      pending = pending.filter((entry) => entry.at > now);
      for (const entry of due) entry.run();
    },
  };
}

/**
 * What a served page carries (packages/server/src/http/web-pages.ts): `<html data-banner>` and
 * the banner's data in a JSON block. A string is put in the block as it is.
 */
export function serveBanner(banner: ActiveAnnouncement | string) {
  forgetServedBanner();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'pustak-banner';
  block.textContent = typeof banner === 'string' ? banner : JSON.stringify(banner);
  document.head.append(block);
  if (typeof banner !== 'string') document.documentElement.dataset.banner = banner.active ? 'on' : 'off';
}

/** Takes serveBanner's marks off the document again. */
export function forgetServedBanner() {
  document.getElementById('pustak-banner')?.remove();
  delete document.documentElement.dataset.banner;
}
