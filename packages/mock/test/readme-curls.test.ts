// Every curl in the READMEs (the mock's, and any in the repository's) pastes and runs as written
// against `npm run mock` (here: the same mock on a free port, the README's http://localhost:4010
// swapped for it). A command answers the status its Prefer header asks for, or a 2xx.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { startMock } from '../src/index.mjs';

const quiet = { info() {}, warn() {}, error() {} };
const readme = ['../README.md', '../../../README.md'].map((path) => readFileSync(resolve(import.meta.dirname, path), 'utf8')).join('\n');

/** The curl commands of the README's sh blocks, continuation lines joined. */
function curlCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('curl '));
}

/** Splits a shell line into words, honouring single and double quotes (what these lines use). */
function words(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  let started = false;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started || current) out.push(current);
      current = '';
      started = false;
    } else current += char;
  }
  if (quote) throw new Error(`Unclosed quote in: ${line}`);
  if (started || current) out.push(current);
  return out;
}

/** The request a curl line makes (only the options the README uses are allowed). */
function toRequest(line: string) {
  const [command, ...args] = words(line);
  expect(command).toBe('curl');
  let method: string | undefined;
  const headers = new Headers();
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '-X') method = args[++i];
    else if (arg === '-H') {
      const header = args[++i]!;
      const colon = header.indexOf(':');
      headers.append(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (arg === '-d') body = args[++i];
    else if (arg.startsWith('-')) throw new Error(`The README curl uses ${arg}, which this test does not know`);
    else url = arg;
  }
  if (!url) throw new Error(`No URL in: ${line}`);
  return { url, init: { method: method ?? (body ? 'POST' : 'GET'), headers, body } };
}

type Mock = { url: string; close(): Promise<void> };
let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0, log: quiet, prismUrl: inject('prismUrl') });
});

afterAll(async () => {
  await mock?.close();
});

const commands = curlCommands(readme);

describe('README curls', () => {
  it('are there: the mock section shows at least six', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
    expect(commands.some((line) => line.includes('<') && line.includes('>'))).toBe(false);
  });

  it.each(commands)('%s', async (line) => {
    const { url, init } = toRequest(line);
    expect(url.startsWith('http://localhost:4010/')).toBe(true);
    const response = await fetch(url.replace('http://localhost:4010', mock.url), init);
    const asked = /code=(\d{3})/.exec(init.headers.get('prefer') ?? '')?.[1];
    if (asked) expect(response.status).toBe(Number(asked));
    else expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(200);
    if (!asked) expect(response.status).toBeLessThan(300);
  });
});
