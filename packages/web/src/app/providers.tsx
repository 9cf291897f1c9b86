import { type PustakClient, isApiError } from '@pustak/sdk';
import { type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/toaster';
import { ApiProvider } from '../lib/api-client';
import { type AppConfig, AppConfigProvider } from '../lib/app-config';

/** SWR defaults for the app: no retry storms on client errors, short dedupe window. */
export const appSwrConfig: SWRConfiguration = {
  dedupingInterval: 2000,
  revalidateOnFocus: false,
  errorRetryCount: 2,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    // 4xx answers (401, 404, 422...) will not improve by asking again.
    if (isApiError(error) && error.status < 500) return;
    if (retryCount >= (config.errorRetryCount ?? 2)) return;
    setTimeout(() => revalidate({ retryCount }), 1000 * 2 ** retryCount);
  },
};

export interface AppProvidersProps {
  client: PustakClient;
  config?: AppConfig;
  /** Merged over appSwrConfig (tests pass a fresh cache provider and dedupingInterval 0). */
  swr?: SWRConfiguration;
  children: ReactNode;
}

/** Everything a screen needs above the router: SDK client, app config, SWR, toasts. */
export function AppProviders({ client, config = { hubUrl: null }, swr, children }: AppProvidersProps) {
  return (
    <ApiProvider client={client}>
      <AppConfigProvider value={config}>
        <SWRConfig value={{ ...appSwrConfig, ...swr }}>
          <ToastProvider>{children}</ToastProvider>
        </SWRConfig>
      </AppConfigProvider>
    </ApiProvider>
  );
}
