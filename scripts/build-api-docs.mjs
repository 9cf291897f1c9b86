#!/usr/bin/env node
// Renders openapi/openapi.yaml to a static, self-contained API reference at
// docs/api-reference/index.html (`npm run docs`). Works offline: Redoc's scripts are inlined.
//
// Redoc does not display `x-quirks`, and the quirks are the part of this contract a reader
// most needs, so they are first copied into the descriptions (document-level quirks into
// info.description, operation quirks into each operation's description) of a temporary
// JSON copy, which is what gets rendered. The contract itself is not changed.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = resolve(root, 'openapi/openapi.yaml');
const outputPath = resolve(root, 'docs/api-reference/index.html');
const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const quirkSection = (heading, quirks) =>
  `\n\n**${heading}**\n\n${quirks.map((quirk) => `- ${quirk}`).join('\n')}\n`;

/** Returns a copy of the contract whose descriptions also list the x-quirks. */
export function withQuirksInDescriptions(contract) {
  const copy = structuredClone(contract);
  if (Array.isArray(copy['x-quirks'])) {
    copy.info.description = (copy.info.description ?? '') + quirkSection('Quirks (whole API)', copy['x-quirks']);
  }
  for (const pathItem of Object.values(copy.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (operation && Array.isArray(operation['x-quirks'])) {
        operation.description = (operation.description ?? '') + quirkSection('Quirks', operation['x-quirks']);
      }
    }
  }
  return copy;
}

function redoclyBin() {
  const require = createRequire(import.meta.url);
  const packageJsonPath = require.resolve('@redocly/cli/package.json');
  const { bin } = require(packageJsonPath);
  return resolve(dirname(packageJsonPath), typeof bin === 'string' ? bin : bin.redocly);
}

async function main() {
  const contract = YAML.parse(await readFile(contractPath, 'utf8'), { maxAliasCount: -1 });
  const workDir = await mkdtemp(join(tmpdir(), 'pustak-docs-'));
  try {
    const renderedPath = join(workDir, 'openapi.json');
    await writeFile(renderedPath, JSON.stringify(withQuirksInDescriptions(contract)));
    await mkdir(dirname(outputPath), { recursive: true });
    const result = spawnSync(
      process.execPath,
      [
        redoclyBin(),
        'build-docs',
        renderedPath,
        '--inlineBundle',
        '--title',
        'Pustak API reference',
        '--config',
        resolve(root, 'redocly.yaml'),
        '--output',
        outputPath,
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    if (result.status !== 0) {
      process.stderr.write(result.stdout + result.stderr);
      throw new Error(`redocly build-docs failed with exit code ${result.status}`);
    }
    console.log(`docs: wrote ${outputPath}`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
