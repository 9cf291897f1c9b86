// Test helpers for the storefront features (imported by *.test.tsx only, never by the app).
import { type Book, type PustakClient } from '@pustak/sdk';
import { getTestMockUrl } from './mock-url';
import { testClient } from './render';

export interface RecordedRequest {
  method: string;
  url: URL;
  body: string;
}

export interface RequestRule {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Matched against the URL path, e.g. /\/book\/all$/. */
  path: RegExp;
  /** Also matched against the query string ('?page=2&...'), when given. */
  search?: RegExp;
  /** Prism `Prefer` header, e.g. 'example=empty' or 'code=404'. */
  prefer?: string;
  /** Fail without an HTTP answer (the SDK's NetworkError). */
  offline?: boolean;
  /** Hold the request until this settles (to look at loading states). */
  hold?: Promise<unknown>;
  /** Answer with this response instead of asking the mock. */
  respond?: () => Response;
}

/**
 * An app client at the test mock that records every request and applies per-request rules:
 * Prism examples/codes through `Prefer`, network failures, or held requests.
 */
export function scriptedClient(rules: RequestRule[] = []): { client: PustakClient; requests: RecordedRequest[] } {
  const client = testClient(`${getTestMockUrl()}/api`);
  const requests: RecordedRequest[] = [];
  client.raw.use({
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = request.body ? await request.clone().text() : '';
      requests.push({ method: request.method, url, body });
      const rule = rules.find(
        (r) =>
          (!r.method || r.method === request.method) &&
          r.path.test(url.pathname) &&
          (!r.search || r.search.test(url.search)),
      );
      if (!rule) return undefined;
      if (rule.hold) await rule.hold;
      if (rule.respond) return rule.respond();
      if (rule.offline) {
        // Port 1 on loopback refuses connections: fetch rejects like a dropped network.
        return new Request(`http://127.0.0.1:1${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: body || undefined,
        });
      }
      if (rule.prefer) request.headers.set('Prefer', rule.prefer);
      return request;
    },
  });
  return { client, requests };
}

/** A client whose every call fails without an HTTP answer. */
export function offlineClient(): PustakClient {
  return testClient('http://127.0.0.1:1/api');
}

/** Requests whose path ends with `suffix`. */
export function requestsTo(requests: RecordedRequest[], suffix: string, method = 'GET'): RecordedRequest[] {
  return requests.filter((r) => r.method === method && r.url.pathname.endsWith(suffix));
}

/** A book like the contract's examples; override what the test is about. */
export function makeBook(overrides: Partial<Book> = {}): Book {
  return {
    bookId: '0f0e0000-0000-4000-8000-000000000001',
    title: 'Karnali Blues',
    author: 'Buddhisagar',
    genre: 'Fiction',
    isbn: '978-9937-8520-0-1',
    description: "A son remembers his father's life along the Karnali.",
    publisher: 'FinePrint Books',
    publicationDate: '2010-03-15T00:00:00Z',
    price: 650,
    quantity: 42,
    language: 'Nepali',
    discount: 15,
    format: 'Paperback',
    isOnSale: false,
    availableInLibrary: true,
    awardWinners: false,
    imageUrl: '/covers/karnali-blues.svg',
    startTime: null,
    endTime: null,
    createdAt: '2026-11-18T09:30:00Z',
    averageStars: 4.5,
    reviews: [],
    // What the server would send for this book with no deal running (isOnSale false).
    pricing: { listPrice: 650, unitPrice: 650, dealRunning: false, dealPercent: 0, dealStartsAt: null, dealEndsAt: null },
    ...overrides,
  };
}
