import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { scheduleWithTimeout, useAppConfig } from './app-config';

/**
 * navigate() after a delay (the spec's pauses after a save, so the success toast can be
 * read), on the app's scheduler. Leaving the page first cancels it.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const { schedule = scheduleWithTimeout } = useAppConfig();
  const cancel = useRef<() => void>(undefined);
  useEffect(() => () => cancel.current?.(), []);
  return useCallback(
    (to: string, delayMs: number) => {
      cancel.current?.();
      cancel.current = schedule(() => void navigate(to), delayMs);
    },
    [navigate, schedule],
  );
}
