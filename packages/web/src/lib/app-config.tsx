import { type ConnectNotificationsOptions, type NotificationConnection } from '@pustak/sdk';
import { type ReactNode, createContext, useContext } from 'react';

/** Runtime wiring that differs between the browser app and tests. */
export interface AppConfig {
  /** Absolute hub URL for live notifications, or null to stay offline (tests default). */
  hubUrl: string | null;
  /** Opens the live connection; the SDK's connectNotifications in the app, a fake in tests. */
  connectNotifications?: (options: ConnectNotificationsOptions) => NotificationConnection;
  /** The clock; tests may pin it. */
  now?: () => Date;
  /**
   * When the server rendered the page being hydrated: until hydration is done, clocks read this
   * time, so a countdown hydrates to the very text the server wrote (then ticks on).
   */
  renderedAt?: Date;
  /**
   * Runs `run` once after `delayMs` and returns a cancel (default: the browser's setTimeout).
   * Tests hand in a clock they advance by hand, so a delay is checked to the millisecond.
   */
  schedule?: (run: () => void, delayMs: number) => () => void;
}

/** AppConfig.schedule's default: the browser's setTimeout. */
export function scheduleWithTimeout(run: () => void, delayMs: number): () => void {
  const timer = window.setTimeout(run, delayMs);
  return () => window.clearTimeout(timer);
}

const defaultConfig: AppConfig = { hubUrl: null };
const AppConfigContext = createContext<AppConfig>(defaultConfig);

export function AppConfigProvider({ value, children }: { value: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
