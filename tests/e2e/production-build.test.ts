// The production build as it is served (the e2e global setup builds it once into webDist).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('production build', () => {
  it('publishes no source maps: no .map file in the served folder and no sourceMappingURL in its scripts and styles', async () => {
    const dist = inject('webDist');
    const files = await filesUnder(dist);
    const scripts = files.filter((f) => /\.(js|css)$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    expect(files.filter((f) => f.endsWith('.map')).map((f) => relative(dist, f))).toEqual([]);
    const linking: string[] = [];
    for (const file of scripts) {
      if (/[#@] sourceMappingURL=/.test(await readFile(file, 'utf8'))) linking.push(relative(dist, file));
    }
    expect(linking).toEqual([]);
  });
});
