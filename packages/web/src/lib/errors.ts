import { isApiError } from '@pustak/sdk';

/**
 * The server's own message from a failed SDK call, or null when it sent none (the SDK then
 * uses 'HTTP <status>') or the failure was not an HTTP answer. Pair with the spec's fallback:
 * `serverMessage(error) ?? 'Registration failed. Please try again.'`
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const message = error.message?.trim();
  return message && !/^HTTP \d+$/.test(message) ? message : null;
}
