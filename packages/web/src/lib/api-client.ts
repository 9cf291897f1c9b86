import { type PustakClient, type PustakClientOptions, type Session, createPustakClient } from '@pustak/sdk';
import { PustakClientProvider, usePustakClient } from '@pustak/sdk/swr';
import { type ReactNode, createElement } from 'react';
import { deferredClient } from './deferred-client';

/**
 * The one module that builds the SDK client. Everything else reaches the API through
 * useApi(); a lint rule forbids fetch, openapi-fetch and generated imports elsewhere.
 */

/** Same-origin API base: Vite dev/preview (and production hosting) forward /api to the server. */
export function defaultApiBaseUrl(): string {
  return new URL('/api', window.location.origin).href;
}

/** Same-origin live notification hub address. */
export function defaultHubUrl(): string {
  return new URL('/hubs/notification', window.location.origin).href;
}

export interface AppClientOptions {
  /** Absolute API base ending in /api. Default: this origin's /api. Tests pass `${mockUrl}/api`. */
  baseUrl?: string;
  /**
   * The SDK session the calls that need signing in carry the token of (the app's: the auth
   * feature's `appSession`, over the legacy localStorage keys); it signs out at the token's
   * expiry and ends when the server refuses its token. Without one, calls go out as a guest's
   * (the server's prerender).
   */
  session?: Session;
  /**
   * What a signed-in call refused does (the app: open the sign-in dialog): a 401 of a call that
   * needs signing in, or a call made after the session expired. A wrong password at sign-in is
   * not one. The error still reaches the caller.
   */
  onUnauthorized: () => void;
  /** The fetch the SDK uses (default: the browser's). The build records requests with its own. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Retries of a failed call (default: the SDK's 2). The app keeps them: a page's reads get over
   * a dropped connection or a restarting server quietly, and the SDK resends a write only when
   * that is safe (the server did not process it, or it carries an Idempotency-Key, as placing an
   * order does). The server's prerender and the tests pass 0: a failed read there is answered at
   * once (the page asks again itself; a test's failure is meant).
   */
  maxRetries?: number;
}

/** The SDK client of the app; main.tsx hands it the session and the 401 reaction. */
export function createAppClient(options: AppClientOptions): PustakClient {
  return createPustakClient(sdkOptions(options));
}

/**
 * The app client of main.tsx: createAppClient's, with the SDK client's code (openapi-fetch,
 * retries, the resource groups: ~8 KB gzip) fetched beside the page's first script rather than
 * in it, so the page is taken over without it (`npm run size`). A call made earlier waits for it.
 */
export function createDeferredAppClient(options: AppClientOptions): PustakClient {
  return deferredClient(async () => (await import('@pustak/sdk/client')).createPustakClient(sdkOptions(options)));
}

function sdkOptions(options: AppClientOptions): PustakClientOptions {
  return {
    baseUrl: options.baseUrl ?? defaultApiBaseUrl(),
    session: options.session,
    onUnauthorized: options.onUnauthorized,
    fetch: options.fetch,
    maxRetries: options.maxRetries,
  };
}

/** The client of useApi() and of the SDK's hooks (`@pustak/sdk/swr`) below it. */
export function ApiProvider({ client, children }: { client: PustakClient; children: ReactNode }) {
  return createElement(PustakClientProvider, { client }, children);
}

/** The app's SDK client: `const api = useApi(); api.books.list({ page: 1 })`. */
export function useApi(): PustakClient {
  return usePustakClient();
}
