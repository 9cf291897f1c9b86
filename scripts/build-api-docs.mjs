#!/usr/bin/env node
// Renders openapi/openapi.yaml to a static, self-contained API reference at
// docs/api-reference/index.html (`npm run docs`). Works offline and makes no request to any
// outside host: Redoc's scripts are inlined, its telemetry is switched off, and a
// Content-Security-Policy in the page forbids loading anything from elsewhere (fonts, logos,
// icons, beacons), so the browser refuses such a request even if a Redoc update adds one.
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
import { contractPath } from '@pustak/contract';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const defaultOutputPath = resolve(root, 'docs/api-reference/index.html');
/** Only the page itself: inline scripts and styles, data: images and fonts, nothing fetched. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; worker-src blob:; connect-src 'none'; form-action 'none'; base-uri 'none'";
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

// Redoc's "API docs by Redocly" credit loads its logo from cdn.redoc.ly; the page carries the
// credit as an inline SVG instead, so opening the reference sends nothing anywhere.
const REDOCLY_LOGO_URLS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const INLINE_CREDIT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#0044d4">Redocly</text></svg>',
)}`;

/**
 * Puts the Content-Security-Policy first in the page's head, before anything could load, and
 * swaps Redoc's remote logo for an inline one.
 * @param {string} html
 */
export function withContentSecurityPolicy(html) {
  for (const url of REDOCLY_LOGO_URLS) html = html.split(url).join(INLINE_CREDIT);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;
  if (!/<head>/i.test(html)) throw new Error('The rendered API reference has no <head>.');
  return html.replace(/<head>/i, (head) => `${head}\n  ${meta}`);
}

/** Renders the reference to `outputPath`. */
export async function buildApiDocs(outputPath = defaultOutputPath) {
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
        '--openapi.disableTelemetry=true',
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
    await writeFile(outputPath, withContentSecurityPolicy(await readFile(outputPath, 'utf8')));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildApiDocs();
  console.log(`docs: wrote ${defaultOutputPath}`);
}
