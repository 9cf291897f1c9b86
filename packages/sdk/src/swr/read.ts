import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { PustakClient } from '../client.js';
import type { ApiError, NetworkError } from '../errors.js';
import { usePustakClient } from './client-context.js';
import { pustakKey, type PustakGroup, type PustakKey, type PustakMethod } from './keys.js';

/**
 * How a hook's call fails: an {@link ApiError} subclass for an answer that is not a success
 * (`NotFoundError`, `AuthenticationError`, ...), or a {@link NetworkError} (`TimeoutError`
 * among them) for none.
 */
export type PustakError = ApiError | NetworkError;

/** SWR's options of a hook, typed with its data and errors, and the client to call (else the provider's). */
export type PustakSWRConfiguration<Data> = SWRConfiguration<Data, PustakError> & { client?: PustakClient | undefined };

/** What a hook answers: SWR's `{ data, error, isLoading, mutate, ... }`, typed. */
export type PustakSWRResponse<Data> = SWRResponse<Data, PustakError>;

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * `client[group][method](...args)` under {@link pustakKey}`(group, method, ...args)`; null
 * `args` fetches nothing (SWR's conditional fetching).
 */
export function usePustakRead<Data, G extends PustakGroup = PustakGroup>(
  group: G,
  method: PustakMethod<G>,
  args: readonly unknown[] | null,
  config: PustakSWRConfiguration<Data> | undefined,
): PustakSWRResponse<Data> {
  const { client: passed, ...options } = config ?? {};
  const client = usePustakClient(passed);
  return useSWR<Data, PustakError, PustakKey | null>(
    args ? pustakKey(group, method, ...args) : null,
    // The arguments come from the key, so the call is the one the key names.
    ([, , , ...keyArgs]: PustakKey) => (client[group][method] as Call)(...keyArgs) as Promise<Data>,
    options,
  );
}
