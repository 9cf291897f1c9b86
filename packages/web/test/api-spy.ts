// Test-only helper (never imported by app code): watches and steers the SDK's requests by
// wrapping globalThis.fetch BEFORE renderWithApp builds its client (openapi-fetch keeps the
// fetch it finds at creation). Rules can ask Prism for a named example or status with a
// Prefer header, or fail a request as a dropped connection.
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Path after the /api base, e.g. '/user/getallusers' (the doubled quirk keeps its '/api/...'). */
  path: string;
  query: URLSearchParams;
  /** A copy of the request, body unread. */
  request: Request;
}

export interface ApiRule {
  method?: string;
  /** Matches when the path equals this string or starts with it followed by '/'; or a RegExp. */
  path: string | RegExp;
  /** Prefer header for Prism, e.g. 'example=empty' or 'code=400, example=invalid-claim-code'. */
  prefer?: string;
  /** Reject like a dropped connection (the SDK turns it into a NetworkError). */
  networkError?: boolean;
}

function matches(rule: ApiRule, call: { method: string; path: string }) {
  if (rule.method && rule.method.toUpperCase() !== call.method) return false;
  if (rule.path instanceof RegExp) return rule.path.test(call.path);
  return call.path === rule.path || call.path.startsWith(`${rule.path}/`);
}

export interface ApiSpy {
  calls: ApiCall[];
  /** Current rules; push or splice to change them mid-test (e.g. before a Retry). */
  rules: ApiRule[];
  /** Calls with this method whose path matches. */
  find(method: string, path: string | RegExp): ApiCall[];
}

export function spyOnApi(rules: ApiRule[] = []): ApiSpy {
  const original = globalThis.fetch;
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const call = { method: request.method, path, query: url.searchParams, request: request.clone() };
    calls.push(call);
    const rule = rules.find((candidate) => matches(candidate, call));
    if (rule?.networkError) throw new TypeError('Failed to fetch');
    if (!rule?.prefer) return original(request);
    const headers = new Headers(request.headers);
    headers.set('Prefer', rule.prefer);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return original(new Request(request.url, { method: request.method, headers, body }));
  });
  return {
    calls,
    rules,
    find: (method, path) => calls.filter((call) => call.method === method && matches({ path }, call)),
  };
}
