// Failure and latency on demand, so a front end can be tried against a slow or broken API
// before one exists: rules set through POST /__mock/faults, or one request at a time with the
// X-Mock-Delay / X-Mock-Fault headers. A rule or header may add latency, answer 500 or 503,
// or drop the connection without an answer.

/** The request headers that ask for a fault; they are never forwarded to Prism. */
export const DELAY_HEADER = 'x-mock-delay';
export const FAULT_HEADER = 'x-mock-fault';
/** Longest latency a rule or header may add. */
export const MAX_DELAY_MS = 60_000;
const FAULTS = /** @type {const} */ (['500', '503', 'drop']);

/**
 * @typedef {object} Fault
 * @property {number} delayMs latency to add before answering (0 = none)
 * @property {'500' | '503' | 'drop' | undefined} fault what to answer instead of the API, if anything
 */

/**
 * @typedef {object} FaultRule
 * @property {number} id
 * @property {string | undefined} method upper-case method, or any
 * @property {string} path API path without /api; matches itself and everything below it
 * @property {number} delayMs
 * @property {'500' | '503' | 'drop' | undefined} fault
 * @property {number | undefined} times how many more requests it applies to (undefined = until cleared)
 */

/**
 * Validates a rule as sent to POST /__mock/faults.
 * @param {Record<string, unknown>} input
 * @returns {{ rule: Omit<FaultRule, 'id'> } | { error: string }}
 */
export function parseRule(input) {
  const { method, path, delayMs = 0, fault, times } = input;
  if (typeof path !== 'string' || !path.startsWith('/')) return { error: 'path is required: an API path without /api, e.g. "/book/all".' };
  if (method !== undefined && (typeof method !== 'string' || !/^[a-z]+$/i.test(method))) return { error: 'method must be an HTTP method, e.g. "GET".' };
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) {
    return { error: `delayMs must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}.` };
  }
  const faultText = fault === undefined ? undefined : String(fault);
  if (faultText !== undefined && !FAULTS.includes(/** @type {any} */ (faultText))) return { error: 'fault must be 500, 503 or "drop".' };
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) return { error: 'times must be a whole number >= 1.' };
  if (!delayMs && !faultText) return { error: 'Give delayMs, fault, or both.' };
  return {
    rule: {
      method: method?.toUpperCase(),
      path: path.replace(/\/+$/, '') || '/',
      delayMs,
      fault: /** @type {FaultRule['fault']} */ (faultText),
      times,
    },
  };
}

export function createFaults() {
  /** @type {FaultRule[]} */
  let rules = [];
  let nextId = 1;

  return {
    /** @param {Omit<FaultRule, 'id'>} rule */
    add(rule) {
      const stored = { id: nextId++, ...rule };
      rules.push(stored);
      return stored;
    },
    list: () => rules.map((rule) => ({ ...rule })),
    clear() {
      const count = rules.length;
      rules = [];
      return count;
    },
    /**
     * The fault for one API request: its headers win over the rules; a matching rule with
     * `times` is used up.
     * @param {string} method
     * @param {string} path API path without /api and without the query
     * @param {import('node:http').IncomingHttpHeaders} headers
     * @returns {Fault | { error: string }}
     */
    take(method, path, headers) {
      const fromHeaders = headerFault(headers);
      if (fromHeaders) return fromHeaders;
      const rule = rules.find(
        (candidate) => (!candidate.method || candidate.method === method) && (path === candidate.path || path.startsWith(`${candidate.path}/`) || candidate.path === '/'),
      );
      if (!rule) return { delayMs: 0, fault: undefined };
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times === 0) rules = rules.filter((candidate) => candidate !== rule);
      }
      return { delayMs: rule.delayMs, fault: rule.fault };
    },
  };
}

/**
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {Fault | { error: string } | undefined}
 */
function headerFault(headers) {
  const delay = headers[DELAY_HEADER];
  const fault = headers[FAULT_HEADER];
  if (delay === undefined && fault === undefined) return undefined;
  const delayMs = delay === undefined ? 0 : Number(delay);
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) {
    return { error: `${DELAY_HEADER} must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}.` };
  }
  const faultText = fault === undefined ? undefined : String(fault).trim().toLowerCase();
  if (faultText !== undefined && !FAULTS.includes(/** @type {any} */ (faultText))) return { error: `${FAULT_HEADER} must be 500, 503 or drop.` };
  return { delayMs, fault: /** @type {Fault['fault']} */ (faultText) };
}
