import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { PustakClient } from '../client.js';

const PustakClientContext = createContext<PustakClient | null>(null);

/** Props of {@link PustakClientProvider}. */
export interface PustakClientProviderProps {
  client: PustakClient;
  children?: ReactNode;
}

/** Gives the hooks below it their client: `<PustakClientProvider client={createPustakClient(...)}>`. */
export function PustakClientProvider({ client, children }: PustakClientProviderProps) {
  return createElement(PustakClientContext.Provider, { value: client }, children);
}

/**
 * The client the hooks call: `passed` when given (a hook's `client` option), else the one of
 * the nearest {@link PustakClientProvider}; throws when there is neither.
 */
export function usePustakClient(passed?: PustakClient): PustakClient {
  const provided = useContext(PustakClientContext);
  const client = passed ?? provided;
  if (!client) throw new Error('usePustakClient: render inside <PustakClientProvider client={...}> or pass the client');
  return client;
}
