// How the server starts: production refuses to run without its secret, serves the built web
// app and has no demo data or dev routes; the --memory sandbox starts over on POST /__dev/reset.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, startServerProcess, type ServerProcess } from './processes.js';

const root = resolve(import.meta.dirname, '../../..');
const running: ServerProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'pustak-startup-'));
  folders.push(dir);
  return dir;
}

describe('production', () => {
  it('refuses to start without PUSTAK_JWT_SECRET, saying so', async () => {
    await buildServer();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: await folder() };
    delete env.PUSTAK_JWT_SECRET;
    const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js'), '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('PUSTAK_JWT_SECRET is not set');
  });

  it('serves the built web app, with no demo accounts and no dev outbox', async () => {
    const web = await folder();
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Pustak</title>');
    await writeFile(join(web, 'index.js.map'), '{"version":3}');
    const server = await startServerProcess({
      env: { NODE_ENV: 'production', DATA_DIR: await folder(), PUSTAK_JWT_SECRET: randomBytes(32).toString('base64url'), WEB_DIST: web, HOST: '127.0.0.1' },
    });
    running.push(server);
    const page = await fetch(`${server.url}/admin/books`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Pustak</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${server.url}/index.js.map`)).status).toBe(404);
    expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(404);
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"pustak123"}' });
    expect(login.status).toBe(401);
    const books = (await (await fetch(`${server.url}/api/book/all`)).json()) as { pagination: { totalItems: number } };
    expect(books.pagination.totalItems).toBe(0);
  });
});

describe('settings from the environment', () => {
  it('refuses a CORS_ORIGINS entry that is not an origin, an unknown RATE_LIMITS or DATABASE_PREPARED_STATEMENTS, a hold of 0 days, an unknown shop time zone, a PAN that is not 9 digits and a low-stock threshold that is no number of copies', async () => {
    await buildServer();
    for (const [name, value, message] of [
      ['CORS_ORIGINS', '*', 'CORS_ORIGINS holds "*"'],
      ['RATE_LIMITS', 'maybe', 'RATE_LIMITS must be "on" or "off"'],
      ['DATABASE_PREPARED_STATEMENTS', 'yes', 'DATABASE_PREPARED_STATEMENTS must be "on" or "off"'],
      ['PICKUP_HOLD_DAYS', '0', 'PICKUP_HOLD_DAYS must be a whole number of days from 1 to 365'],
      ['SHOP_TIME_ZONE', 'Asia/Lalitpur', 'SHOP_TIME_ZONE must be an IANA time zone such as Asia/Kathmandu'],
      ['SHOP_PAN', '60123456X', "SHOP_PAN must be the shop's 9-digit PAN/VAT number"],
      ['LOW_STOCK_THRESHOLD', 'five', 'LOW_STOCK_THRESHOLD must be a whole number of copies from 0 to 1000000'],
      ['LOW_STOCK_THRESHOLD', '-1', 'LOW_STOCK_THRESHOLD must be a whole number of copies from 0 to 1000000'],
    ]) {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: await folder(), [name!]: value };
      const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js'), '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stderr.on('data', (c) => (output += c));
      const code = await new Promise((done) => child.on('exit', done));
      expect(code, output).toBe(1);
      expect(output).toContain(message);
    }
  });
});

describe('the --memory sandbox', () => {
  it('answers like the real thing and starts over on POST /__dev/reset', async () => {
    const server = await startServerProcess({ args: ['--memory'] });
    running.push(server);
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"pustak123"}' });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const removed = await fetch(`${server.url}/api/bookcrud/deletebook/0f0e0000-0000-4000-8000-000000000003`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    const count = async () => ((await (await fetch(`${server.url}/api/book/all`)).json()) as { pagination: { totalItems: number } }).pagination.totalItems;
    expect(await count()).toBe(26);
    expect((await fetch(`${server.url}/__dev/reset`, { method: 'POST' })).status).toBe(200);
    expect(await count()).toBe(27);
  });
});

describe('the request log on standard output', () => {
  it('reaches it soon after the request although written in batches (they leave every 250 ms), and what is left when the server stops', async () => {
    const server = await startServerProcess({ args: ['--memory'], env: { LOG_FORMAT: 'json' } });
    running.push(server);
    const lines = (route: string) => server.output().split('\n').filter((line) => line.includes('"msg":"request"') && line.includes(`"route":"${route}"`));
    expect((await fetch(`${server.url}/api/book/all`)).status).toBe(200);
    const deadline = Date.now() + 5_000;
    while (lines('/api/book/all').length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    expect(lines('/api/book/all')).toHaveLength(1);
    expect((await fetch(`${server.url}/api/book/genres`)).status).toBe(200);
    await server.stop();
    expect(lines('/api/book/genres')).toHaveLength(1);
  });
});

describe('a server started by another process', () => {
  it('stops when that process goes, even killed outright (SIGKILL), freeing its port', async () => {
    await buildServer();
    // A parent as npm start's scripts/start.mjs is one: it starts the server over an IPC
    // channel, waits for its ready message and says the server's pid.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const server = require('node:child_process').spawn(process.execPath, [${JSON.stringify(join(root, 'packages/server/dist/main.js'))}, '--memory', '--port', '0'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: 'development' } });
         server.on('message', (m) => m && m.ready && console.log(JSON.stringify({ pid: server.pid, url: m.ready })));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let serverPid = 0;
    try {
      const { pid, url } = await new Promise<{ pid: number; url: string }>((done, fail) => {
        let out = '';
        parent.stdout!.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) done(JSON.parse(out));
        });
        parent.on('exit', (code) => fail(new Error(`the parent exited (${code}) before its server was ready`)));
      });
      serverPid = pid;
      expect((await fetch(`${url}/api/book/all?pageSize=1`)).status).toBe(200);
      parent.kill('SIGKILL');
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 15_000;
      while (alive() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      expect(alive(), 'the server is still running 15 s after its parent went').toBe(false);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      parent.kill('SIGKILL');
      if (serverPid) {
        try {
          process.kill(serverPid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }
  });
});

describe('the build', () => {
  it('builds once when several processes find dist/ out of date together, and none finds dist/ missing', async () => {
    // A copy of the package's build beside a few sources, so the real dist/ (which the other
    // lane's servers run from) is never touched.
    const dir = await folder();
    const { cp, symlink, readdir, access } = await import('node:fs/promises');
    await cp(join(root, 'packages/server/build.mjs'), join(dir, 'build.mjs'));
    await cp(join(root, 'packages/server/src/shared'), join(dir, 'src/shared'), { recursive: true });
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const build = () =>
      new Promise<string>((done, fail) => {
        let output = '';
        const child = spawn(process.execPath, [join(dir, 'build.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (c) => (output += c));
        child.stderr.on('data', (c) => (output += c));
        child.on('exit', (code) => (code === 0 ? done(output) : fail(new Error(`build exited ${code}: ${output}`))));
      });
    const outputs = await Promise.all([build(), build(), build()]);
    expect(outputs.filter((o) => /files built into dist/.test(o))).toHaveLength(1);
    expect(outputs.filter((o) => /dist\/ is up to date/.test(o))).toHaveLength(2);
    await access(join(dir, 'dist/shared/money.js'));
    // Nothing left beside it: no lock, no half-built or previous copy.
    expect((await readdir(dir)).sort()).toEqual(['build.mjs', 'dist', 'node_modules', 'src']);
  });
});
