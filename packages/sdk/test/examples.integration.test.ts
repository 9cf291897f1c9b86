// The README's example of another team's script (examples/team-script.mjs) run against the mock,
// with a dropped connection on each list it walks, so the example cannot rot.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startMock } from '@pustak/mock';

// The script imports the package by name, as another team would; here that is the source.
vi.mock('@pustak/sdk', () => import('../src/index.js'));

type RunningMock = Awaited<ReturnType<typeof startMock>>;
const quiet = { info() {}, warn() {}, error() {}, log() {} };
let mock: RunningMock | undefined;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
}, 60_000);
afterAll(async () => {
  await mock?.close();
});

describe('examples/team-script.mjs', () => {
  it('signs in, walks the staff and the Fiction books through dropped connections, and reports', async () => {
    for (const path of ['/user/getAllStaffs', '/book/all']) {
      const response = await fetch(`${mock!.url}/__mock/faults`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path, fault: 'drop', times: 1 }),
      });
      expect(response.status).toBe(201);
    }
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    vi.stubEnv('PUSTAK_API', `${mock!.url}/api`);
    try {
      await import('../examples/team-script.mjs');
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }

    expect(lines.filter((line) => line.startsWith('staff: ')).length).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^\d+ Fiction titles in stock; session ends with the server$/);
    const { faults } = (await (await fetch(`${mock!.url}/__mock/faults`)).json()) as { faults: unknown[] };
    expect(faults).toEqual([]);
  });
});
