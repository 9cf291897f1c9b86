// docs/mock-examples.md lists what the mock can answer (named examples and codes for Prefer);
// it must follow the contract.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { examplesDocPath, renderExamplesDoc } from '../src/examples.mjs';

describe('docs/mock-examples.md', () => {
  it('is up to date with the contract (run `npm run examples -w @pustak/mock`)', async () => {
    const committed = await readFile(examplesDocPath, 'utf8');
    const fresh: string = await renderExamplesDoc();
    expect(committed === fresh, 'docs/mock-examples.md is stale').toBe(true);
    expect(fresh).toContain('| `verifyOrder` | `PUT /api/staff/verifyOrder/{orderId}` |');
    expect(fresh).toMatch(/`listBooks`.*200: `default`, `page2`, `fiction`, `non-fiction`, `empty`/);
    expect(fresh).toContain('`POST /hubs/notification/negotiate`');
  });
});
