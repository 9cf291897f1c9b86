import { type PustakClient, createPustakClient } from '@pustak/sdk';
import { type ReactNode, createContext, createElement, useContext } from 'react';
import { openAuthDialog } from '../features/auth/auth-dialog-store';
import { getToken } from '../features/auth/session';

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
  /** Override the token source (default: the stored session token). */
  getToken?: () => string | null;
  /** Override what a 401 does (default: open the sign-in dialog). */
  onUnauthorized?: () => void;
}

export function createAppClient(options: AppClientOptions = {}): PustakClient {
  return createPustakClient({
    baseUrl: options.baseUrl ?? defaultApiBaseUrl(),
    getToken: options.getToken ?? getToken,
    // Spec: any HTTP 401 opens the sign-in dialog; the error still reaches the caller.
    onUnauthorized: options.onUnauthorized ?? (() => openAuthDialog('signIn')),
  });
}

const ApiContext = createContext<PustakClient | null>(null);

export function ApiProvider({ client, children }: { client: PustakClient; children: ReactNode }) {
  return createElement(ApiContext.Provider, { value: client }, children);
}

/** The app's SDK client: `const api = useApi(); api.books.list({ page: 1 })`. */
export function useApi(): PustakClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <ApiProvider> (AppProviders includes it).');
  return client;
}
