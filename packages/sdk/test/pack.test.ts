// A script outside the repository installs the SDK from `npm pack`: packing builds it first
// (prepack), so the tarball always holds the compiled ESM and its type declarations.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm pack', () => {
  it('builds the SDK and packs dist with its types, not the sources', () => {
    // From a clean checkout: nothing built yet, so only prepack can produce dist.
    rmSync(`${sdkDir}/dist`, { recursive: true, force: true });
    const result = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], {
      cwd: sdkDir,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    expect(result.status, result.stderr).toBe(0);
    const json = result.stdout.slice(result.stdout.indexOf('['));
    const [pack] = JSON.parse(json) as [{ name: string; files: { path: string }[] }];
    expect(pack.name).toBe('@pustak/sdk');
    const files = pack.files.map((file) => file.path);
    // banner-colors.js is plain JavaScript beside dist/ (the server imports it without a build).
    for (const built of ['dist/index.js', 'dist/index.d.ts', 'dist/domain/index.js', 'dist/notifications.js', 'dist/generated/schema.js', 'banner-colors.js', 'banner-colors.d.ts']) {
      expect(files).toContain(built);
    }
    expect(files.some((file) => file.startsWith('src/'))).toBe(false);
  }, 120_000);
});
