#!/usr/bin/env node
// `npm run screenshots`: the browser tests with their screenshots saved, to look at (phone 390 px
// and desktop 1280 px) in test-results/screenshots/. `npm test` runs the same tests and
// assertions without them. Arguments go to Vitest: `npm run screenshots -- tests/e2e/back-office.test.ts`.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const child = spawn(process.execPath, [resolve(root, 'scripts/test.mjs'), '--project', 'e2e', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PUSTAK_SCREENSHOTS: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code) => {
  console.log(`screenshots: ${resolve(root, 'test-results/screenshots')}`);
  process.exit(code ?? 1);
});
