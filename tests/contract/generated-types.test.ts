import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { renderSchema, schemaPath } from '../../scripts/generate.mjs';

describe('generated SDK types', () => {
  it('match what the contract generates (run `npm run generate` after changing openapi.yaml)', async () => {
    const committed = await readFile(schemaPath, 'utf8');
    const fresh: string = await renderSchema();
    expect(committed.startsWith('/**\n * DO NOT EDIT.')).toBe(true);
    expect(committed === fresh, 'packages/sdk/src/generated/schema.ts is stale').toBe(true);
  });
});
