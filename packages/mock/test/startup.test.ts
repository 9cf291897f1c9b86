// How the mock starts, fails and stops: a person running `npm run mock` or a test run must get
// a working server or a reason they can act on, never a hang or a leftover process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';

const fixture = resolve(import.meta.dirname, 'fixtures/minimal-openapi.yaml');
const quiet = { info() {}, warn() {}, error() {} };

type Mock = { url: string; port: number; prismUrl: string; close(): Promise<void> };

describe('mock start-up', () => {
  let mock: Mock;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'pustak-mock-'));
    mock = await startMock({ port: 0, specPath: fixture, log: quiet });
  });

  afterAll(async () => {
    await mock?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('resolves only once the API answers', async () => {
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    const response = await fetch(`${mock.url}/api/notification/all`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [{ message: 'sita has purchased the book!' }] });
  });

  it('is reachable as localhost, the address the banner prints', async () => {
    const response = await fetch(`http://localhost:${mock.port}/__mock/health`);
    expect(await response.json()).toEqual({ ok: true, api: 'ready', clients: 0 });
  });

  it('refuses a port that is taken, saying so, without starting Prism', async () => {
    // Handed a contract Prism cannot load: had Prism been started before the port was
    // checked, its parse error would be the refusal instead.
    const unloadable = join(scratch, 'unloadable.yaml');
    await writeFile(unloadable, 'openapi: 3.1.0\ninfo: {title: broken\npaths: [\n');
    await expect(startMock({ port: mock.port, specPath: unloadable, log: quiet })).rejects.toThrow(
      `Port ${mock.port} is already in use on 127.0.0.1; set PORT=<another port> (or --port) or stop the other process.`,
    );
    // The first mock is unharmed.
    expect((await fetch(`${mock.url}/api/notification/all`)).status).toBe(200);
  });

  it('names the variable that sets the port where it is not PORT (npm start: MOCK_PORT)', async () => {
    await expect(startMock({ port: mock.port, specPath: fixture, log: quiet, portVariable: 'MOCK_PORT' })).rejects.toThrow(
      `Port ${mock.port} is already in use on 127.0.0.1; set MOCK_PORT=<another port> (or --port) or stop the other process.`,
    );
  });

  it("rejects a contract that does not parse with Prism's reason", async () => {
    const broken = join(scratch, 'broken.yaml');
    await writeFile(broken, 'openapi: 3.1.0\ninfo: {title: broken\npaths: [\n');
    await expect(startMock({ port: 0, specPath: broken, log: quiet })).rejects.toThrow(
      /Prism could not start on .*broken\.yaml \(exit 1\): Error parsing .*broken\.yaml.*invalid mixed usage of block and flow styles at line 3/,
    );
  });

  it('rejects a contract with a dangling $ref, naming the reference', async () => {
    const dangling = join(scratch, 'dangling.yaml');
    await writeFile(
      dangling,
      [
        'openapi: 3.1.0',
        'info: {title: dangling, version: "1"}',
        'paths:',
        '  /book/all:',
        '    get:',
        '      responses:',
        '        "200": {$ref: "#/components/responses/Missing"}',
        '',
      ].join('\n'),
    );
    await expect(startMock({ port: 0, specPath: dangling, log: quiet })).rejects.toThrow(
      '"#/components/responses/Missing" does not exist',
    );
  });

  it('rejects a missing contract file', async () => {
    await expect(startMock({ port: 0, specPath: join(scratch, 'absent.yaml'), log: quiet })).rejects.toThrow(
      /Error opening file ".*absent\.yaml".*ENOENT/,
    );
  });

  it('gives up after the start-up deadline instead of hanging', async () => {
    await expect(startMock({ port: 0, specPath: fixture, startTimeoutMs: 1, log: quiet })).rejects.toThrow(
      'Prism did not report "Prism is listening" within 1 ms.',
    );
  });

  it('frees the gateway port and stops Prism on close', async () => {
    const other: Mock = await startMock({ port: 0, specPath: fixture, log: quiet });
    expect((await fetch(`${other.prismUrl}/notification/all`)).status).toBe(200);
    await other.close();
    await expect(fetch(`${other.prismUrl}/notification/all`)).rejects.toThrow();
    await expect(fetch(`${other.url}/__mock/health`)).rejects.toThrow();
    // close() twice is harmless: afterAll hooks may race a test's own cleanup.
    await expect(other.close()).resolves.toBeUndefined();
  });
});
