import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { usePrependNotification } from './api/use-prepend-notification';

export interface LiveMessage {
  id: number;
  sender: string;
  text: string;
}

interface LiveNotificationsValue {
  /** The message on screen now (queue head), or null. */
  current: LiveMessage | null;
  /** Messages waiting behind the current one. */
  pending: number;
}

/** Spec: each live notification stays on screen 3 s. */
export const TOAST_MS = 3000;

const LiveContext = createContext<LiveNotificationsValue>({ current: null, pending: 0 });

/**
 * Opens the live connection once per page load (after first paint, in an effect), queues
 * every ReceiveMessage(sender, text), exposes the queue head for TOAST_MS (3 s) at a time,
 * and prepends each message to the bell's notification list.
 */
export function LiveNotificationsProvider({ children }: { children: ReactNode }) {
  const { hubUrl, connectNotifications } = useAppConfig();
  const prepend = usePrependNotification();
  const prependRef = useRef(prepend);
  useEffect(() => {
    prependRef.current = prepend;
  });
  const [queue, setQueue] = useState<LiveMessage[]>([]);
  const nextId = useRef(1);

  // Stable, so the live connection does not reopen when the SWR config changes.
  const receive = useCallback((sender: string, text: string) => {
    setQueue((current) => [...current, { id: nextId.current++, sender, text }]);
    prependRef.current(text);
  }, []);

  useEffect(() => {
    if (!hubUrl || !connectNotifications) return;
    const connection = connectNotifications({ url: hubUrl, onMessage: receive });
    return () => {
      void connection.stop();
    };
  }, [hubUrl, connectNotifications, receive]);

  const current = queue[0] ?? null;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((list) => list.slice(1)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => ({ current, pending: Math.max(0, queue.length - 1) }), [current, queue.length]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLiveNotifications(): LiveNotificationsValue {
  return useContext(LiveContext);
}
