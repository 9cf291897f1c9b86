// One Prism-backed mock for every test project that needs the API; each test reads its
// address with inject('mockUrl'). It binds a free loopback port and is closed after the run,
// whether the tests passed or not.
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../../scripts/mock/index.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock({ port: 0, log: { info() {}, warn: console.warn, error: console.error } });
  project.provide('mockUrl', mock.url);
  return async () => {
    await mock.close();
  };
}
