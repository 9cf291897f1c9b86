/**
 * Polls `check` until it returns a truthy value (or a promise of one) and resolves to that
 * value; rejects once `timeoutMs` has passed. Errors thrown by `check` count as "not yet", so
 * a server that is still starting can be probed with a plain fetch.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string }} [options]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(check, { timeoutMs = 5_000, intervalMs = 25, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await check();
      if (value) return /** @type {NonNullable<T>} */ (value);
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
