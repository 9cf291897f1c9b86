// What the root test run's global setup provides to these tests (tests/setup/mock-global.ts).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Prism, for a mock gateway of the test's own (startMock's prismUrl). */
    prismUrl: string;
  }
}
