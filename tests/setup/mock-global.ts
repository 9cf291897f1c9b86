// One Prism (mock mode, the contract) for every project of this Vitest process, with one mock
// gateway in front of it: the web pages' API (inject('mockUrl')) and the end to end's (its
// global setup). A test that needs a gateway of its own (its faults, controls or hub settings)
// starts one on the same Prism: startMock({ prismUrl: inject('prismUrl') }). Prism answers from
// the examples and keeps no state, and each start costs it ~2 CPU-s (the run used to start ten).
// The first project's global setup to ask starts both; the last one's teardown stops them.
// Both bind free loopback ports and are closed after the run, whether the tests passed or not.
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '@pustak/mock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared mock gateway's origin (its API is under /api). */
    mockUrl: string;
    /** The shared Prism's origin, for a test's own gateway (startMock's prismUrl). */
    prismUrl: string;
  }
}

interface SharedMock {
  url: string;
  prismUrl: string;
}

const log = { info() {}, warn: console.warn, error: console.error };
// On globalThis: each project imports its global setup files through its own module graph.
const KEY = Symbol.for('pustak.tests.shared-mock');
interface Holder {
  users: number;
  /** The gateway and the Prism it started (its prismUrl), both stopped by its close(). */
  started: Promise<SharedMock & { close(): Promise<void> }>;
}
const store = globalThis as unknown as Record<symbol, Holder | undefined>;

/** The process's shared Prism and gateway; call the answered release once done with them. */
export async function acquireSharedMock(): Promise<{ mock: SharedMock; release(): Promise<void> }> {
  const holder = (store[KEY] ??= {
    users: 0,
    started: startMock({ port: 0, log }),
  });
  holder.users += 1;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    holder.users -= 1;
    if (holder.users > 0) return;
    store[KEY] = undefined;
    await (await holder.started).close();
  };
  try {
    const mock = await holder.started;
    return { mock, release };
  } catch (error) {
    holder.users -= 1;
    if (holder.users === 0) store[KEY] = undefined;
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const { mock, release } = await acquireSharedMock();
  project.provide('mockUrl', mock.url);
  project.provide('prismUrl', mock.prismUrl);
  return release;
}
