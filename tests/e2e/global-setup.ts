// Browser tests run against the production build, served by `vite preview` with the same
// proxy the user gets (/api, /hubs, /__mock -> the mock gateway). Both servers bind free
// loopback ports and are stopped after the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, preview } from 'vite';
import { acquireSharedMock } from '../setup/mock-global.js';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    appMockUrl: string;
    /** The production build of the web app (served by the real server in server-*.test.ts). */
    webDist: string;
  }
}

const webRoot = resolve(import.meta.dirname, '../../packages/web');

export default async function setup(project: TestProject) {
  // The Vitest process's shared mock (tests/setup/mock-global.ts): in `npm test`'s browser lane
  // the end to end is its only user.
  const { mock, release } = await acquireSharedMock();
  process.env.PUSTAK_MOCK_URL = mock.url;
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  // Its own output folder: a test run never overwrites packages/web/dist, nor races another build.
  const outDir = await mkdtemp(join(tmpdir(), 'pustak-e2e-build-'));
  const viteOptions = { root: webRoot, configFile: resolve(webRoot, 'vite.config.ts'), logLevel: 'warn' as const };
  try {
    // Vitest runs with NODE_ENV=test, which would make the React plugin emit development JSX.
    const testEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ ...viteOptions, build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = testEnv;
    }
    server = await preview({
      ...viteOptions,
      build: { outDir },
      preview: { port: 0, strictPort: false, host: '127.0.0.1', open: false },
    });
  } catch (error) {
    await release();
    await rm(outDir, { recursive: true, force: true });
    await rm(`${outDir}-ssr`, { recursive: true, force: true }); // the build's server-side bundle
    throw error;
  }
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview did not bind a port');
  project.provide('appUrl', `http://127.0.0.1:${address.port}`);
  project.provide('appMockUrl', mock.url);
  project.provide('webDist', outDir);
  return async () => {
    await new Promise<void>((done) => server!.httpServer.close(() => done()));
    await release();
    await rm(outDir, { recursive: true, force: true });
    await rm(`${outDir}-ssr`, { recursive: true, force: true }); // the build's server-side bundle
  };
}
