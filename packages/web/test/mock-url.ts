let mockUrl: string | undefined;

/** Called by test/setup.ts once the mock's origin is known. */
export function setTestMockUrl(url: string) {
  mockUrl = url;
}

/** Origin of the mock for this test file, e.g. http://127.0.0.1:41234 (API base is + '/api'). */
export function getTestMockUrl(): string {
  if (!mockUrl) throw new Error('The mock URL is not known yet: call this inside a test or hook.');
  return mockUrl;
}
