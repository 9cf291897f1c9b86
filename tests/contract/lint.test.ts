// The contract passes `redocly lint` (extends `recommended`) and Spectral's OWASP API Security
// Top 10 ruleset with zero errors and zero warnings, nothing hidden in an ignore file, and every
// rule switched off says why.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './contract-helpers';

function binOf(packageName: string, name: string): string {
  const require = createRequire(import.meta.url);
  const packageJsonPath = require.resolve(`${packageName}/package.json`);
  const { bin } = require(packageJsonPath) as { bin: Record<string, string> };
  return resolve(dirname(packageJsonPath), bin[name]!);
}
const redoclyBin = () => binOf('@redocly/cli', 'redocly');

describe('redocly lint', () => {
  it('reports no problems in openapi/openapi.yaml', () => {
    const result = spawnSync(process.execPath, [redoclyBin(), 'lint', 'openapi/openapi.yaml', '--format=json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(result.error).toBeUndefined();
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number; ignored: number }; problems: { message: string }[] };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(result.status).toBe(0);
  });

  it('extends recommended, and every rule turned off carries a comment saying why', () => {
    expect(existsSync(resolve(repoRoot, '.redocly.lint-ignore.yaml'))).toBe(false);
    const lines = readFileSync(resolve(repoRoot, 'redocly.yaml'), 'utf8').split('\n');
    expect(lines).toContain('  - recommended');
    lines.forEach((line, index) => {
      if (/^\s+[\w-]+:\s*off\b/.test(line)) {
        expect(lines[index - 1], `${line.trim()} needs a comment above it`).toMatch(/^\s*#\s*\S/);
      }
    });
  });
});

describe('spectral lint (OWASP API Security Top 10)', () => {
  it('reports no problems in openapi/openapi.yaml', () => {
    const result = spawnSync(process.execPath, [binOf('@stoplight/spectral-cli', 'spectral'), 'lint', 'openapi/openapi.yaml', '--format=json', '--quiet'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.error).toBeUndefined();
    const problems = JSON.parse(result.stdout) as { code: string; path: string[] }[];
    expect(problems.map((problem) => `${problem.code} ${problem.path.join('.')}`)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('extends the OWASP ruleset, and every rule turned off or overridden carries a comment saying why', () => {
    const lines = readFileSync(resolve(repoRoot, '.spectral.yaml'), 'utf8').split('\n');
    expect(lines).toContain("  - '@stoplight/spectral-owasp-ruleset'");
    lines.forEach((line, index) => {
      if (/^  [\w:-]+:\s*off\b/.test(line) || /^  - files:/.test(line)) {
        expect(lines[index - 1], `${line.trim()} needs a comment above it`).toMatch(/^\s*#\s*\S/);
      }
    });
  });
});
