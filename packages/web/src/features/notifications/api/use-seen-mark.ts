import { useState } from 'react';

const keyOf = (userId: string) => `pustak.notifications.seen.${userId}`;

function readMark(key: string): number {
  try {
    return Number(window.localStorage.getItem(key)) || 0;
  } catch {
    return 0; // storage blocked: everything counts as unread until the list is opened
  }
}

/**
 * The newest notification time (ms) the signed-in reader had when they last opened the bell's
 * list, kept per user in localStorage so a reload does not bring the dot back. Null user: no mark.
 */
export function useSeenMark(userId: string | null): [number, (ms: number) => void] {
  const [marks, setMarks] = useState<Record<string, number>>({});
  const key = userId ? keyOf(userId) : null;
  const mark = key ? (marks[key] ?? readMark(key)) : 0;
  const save = (ms: number) => {
    if (!key || ms <= mark) return;
    try {
      window.localStorage.setItem(key, String(ms));
    } catch {
      // Blocked storage: the mark lasts for this page only.
    }
    setMarks((current) => ({ ...current, [key]: ms }));
  };
  return [mark, save];
}
