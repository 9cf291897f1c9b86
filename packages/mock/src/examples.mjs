#!/usr/bin/env node
// Renders docs/mock-examples.md: every operation's named examples and status codes, i.e. what a
// front-end developer can ask the mock for with `Prefer: example=<name>` and `Prefer: code=<status>`.
// `npm run examples -w @pustak/mock` rewrites the file; test/examples-doc.test.ts fails
// when it is out of date with the contract.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contractPath } from '@pustak/contract';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export { contractPath };
export const examplesDocPath = resolve(root, 'docs/mock-examples.md');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** @param {any} contract @param {any} node */
function deref(contract, node) {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref.slice(2).split('/').reduce((value, key) => value?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  }
  return current;
}

/** Renders the Markdown for the contract at contractPath. */
export async function renderExamplesDoc() {
  const contract = YAML.parse(await readFile(contractPath, 'utf8'), { maxAliasCount: -1 });
  const lines = [
    '# What the mock can answer',
    '',
    'Generated from `openapi/openapi.yaml` by `npm run examples -w @pustak/mock`; do not edit.',
    '',
    'Prism answers every call with the first example of its first 2xx response. Ask for another',
    'with the `Prefer` header: `Prefer: example=<name>` (a name of the 2xx column) or',
    '`Prefer: code=<status>` (the first example of that status), or both:',
    '`Prefer: code=400, example=invalid-claim-code`. Failures the contract does not describe',
    '(latency, 500, 503, a dropped connection) come from the `X-Mock-Delay` / `X-Mock-Fault`',
    'headers or `POST /__mock/faults`; see the README.',
    '',
    '| Operation | Call | Examples by status |',
    '|---|---|---|',
  ];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const base = item.servers?.[0]?.url === '/' ? '' : '/api';
      const statuses = Object.entries(operation.responses).map(([status, response]) => {
        const resolved = deref(contract, response);
        const names = Object.values(resolved.content ?? {}).flatMap((media) => Object.keys(/** @type {any} */ (media).examples ?? {}));
        return names.length ? `${status}: ${[...new Set(names)].map((name) => `\`${name}\``).join(', ')}` : status;
      });
      // Outside /api (the hub) the mock answers itself; Prefer does not apply there.
      const cell = base ? statuses.join('<br>') : 'answered by the mock hub itself (no Prefer)';
      lines.push(`| \`${operation.operationId}\` | \`${method.toUpperCase()} ${base}${path}\` | ${cell} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(examplesDocPath, await renderExamplesDoc());
  console.log(`examples: wrote ${examplesDocPath}`);
}
