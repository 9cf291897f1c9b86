/**
 * Resolves in a task of its own, so that the work after it is not part of the task before: the
 * browser can paint and answer a tap in between (Total Blocking Time counts each task's length
 * over 50 ms, not the work in all). scheduler.yield() where the browser has it (the work after it
 * goes first among the waiting tasks), else a timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
