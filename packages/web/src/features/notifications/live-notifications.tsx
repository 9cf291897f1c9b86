import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useSWRConfig } from 'swr';
import { getToken, useSession } from '../auth';
import { orderKeys } from '../orders';
import { usePrependNotification } from './api/use-prepend-notification';

export interface LiveMessage {
  id: number;
  sender: string;
  text: string;
  /** Meant for the signed-in reader alone (ReceiveUserMessage). */
  personal?: boolean;
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
 * Opens the live connection once per page load (after first paint, in an effect) and again when
 * the reader signs in or out (a signed-in connection negotiates with the token, so it also gets
 * the reader's own messages), queues every ReceiveMessage and ReceiveUserMessage, exposes the
 * queue head for TOAST_MS (3 s) at a time, and prepends each message to the bell's list.
 */
export function LiveNotificationsProvider({ children }: { children: ReactNode }) {
  const { hubUrl, connectNotifications } = useAppConfig();
  const prepend = usePrependNotification();
  const { mutate } = useSWRConfig();
  const prependRef = useRef(prepend);
  const mutateRef = useRef(mutate);
  useEffect(() => {
    prependRef.current = prepend;
    mutateRef.current = mutate;
  });
  const [queue, setQueue] = useState<LiveMessage[]>([]);
  const nextId = useRef(1);

  // Stable, so the live connection does not reopen when the SWR config changes.
  const receive = useCallback((sender: string, text: string, personal = false) => {
    setQueue((current) => [...current, { id: nextId.current++, sender, text, ...(personal ? { personal } : {}) }]);
    prependRef.current(text, personal);
  }, []);
  const receivePersonal = useCallback(
    (sender: string, text: string) => {
      receive(sender, text, true);
      // A message meant for the reader is about one of their orders (ready, cancelled, expiring):
      // an open My Orders shows its new status without a reload.
      void mutateRef.current(orderKeys.mine);
    },
    [receive],
  );
  const { userId, isSignedIn } = useSession();
  const reader = isSignedIn ? (userId ?? 'signed-in') : null;

  useEffect(() => {
    if (!hubUrl || !connectNotifications) return;
    const connection = connectNotifications({
      url: hubUrl,
      onMessage: receive,
      onUserMessage: receivePersonal,
      ...(reader ? { accessTokenFactory: () => getToken() ?? '' } : {}),
    });
    return () => {
      void connection.stop();
    };
  }, [hubUrl, connectNotifications, receive, receivePersonal, reader]);

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
