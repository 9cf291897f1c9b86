// The production build's assets, compressed once at build time (brotli and gzip, beside each
// file: app-abc.js.br, app-abc.js.gz). The Pustak server sends them to a browser that accepts
// them (@fastify/static's preCompressed) instead of the raw files, and compresses nothing per
// request: the home page's entry script is ~337 KB raw, ~107 KB gzip, ~93 KB brotli.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text, at least this large (smaller ones gain nothing over their headers). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (recursively); answers how many. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const source = await readFile(file);
    if (source.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
      gzipAsync(source, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return count;
}

/** After a production client build: the assets precompressed (pages are not: they are made per request). */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pustak-precompress',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
      await precompress(assets).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
