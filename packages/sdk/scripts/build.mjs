#!/usr/bin/env node
// `npm run build -w @pustak/sdk`: the SDK twice from one source, for both ways Node loads a package.
//   dist/      ESM and its declarations (`import`; the package is "type": "module")
//   dist/cjs/  CommonJS and its declarations (`require`; dist/cjs/package.json says so, so that
//              TypeScript reads those declarations as CommonJS too, not as ESM in disguise)
// banner-colors.js is plain ESM beside dist/ that the server runs unbuilt; its CommonJS copy is
// dist/cjs/banner-colors.js, where the compiled domain/ reaches it by the same relative path
// (`../../banner-colors.js` from dist/cjs/src/domain/).
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ts = require('typescript');
const tsc = require.resolve('typescript/bin/tsc');

await rm(resolve(root, 'dist'), { recursive: true, force: true });
for (const project of ['tsconfig.build.json', 'tsconfig.cjs.json']) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
const cjs = resolve(root, 'dist/cjs');
await mkdir(cjs, { recursive: true });
await writeFile(resolve(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
const { outputText } = ts.transpileModule(await readFile(resolve(root, 'banner-colors.js'), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  fileName: 'banner-colors.js',
});
await writeFile(resolve(cjs, 'banner-colors.js'), outputText);
await copyFile(resolve(root, 'banner-colors.d.ts'), resolve(cjs, 'banner-colors.d.ts'));
