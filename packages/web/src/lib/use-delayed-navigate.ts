import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * navigate() after a delay (the spec's pauses after a save, so the success toast can be
 * read). Leaving the page first cancels it.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(to), delayMs);
    },
    [navigate],
  );
}
