// Reads openapi/openapi.yaml the way the tools do (YAML aliases expanded) and resolves the
// local `$ref`s the contract tests follow. Not a test file: imported by the contract tests.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractPath } from '@pustak/contract';
import YAML from 'yaml';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export { contractPath };

// The contract is plain JSON-shaped data of arbitrary depth; the tests check its shape.
export type Json = any;

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export function loadContract(): Json {
  // maxAliasCount -1: the example catalogue is reused through many aliases on purpose.
  return YAML.parse(readFileSync(contractPath, 'utf8'), { maxAliasCount: -1 });
}

/** Follows `$ref: '#/...'` chains inside the contract. */
export function deref(contract: Json, node: Json): Json {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local refs are expected, got ${ref}`);
    if (seen.has(ref)) throw new Error(`Circular $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((value: Json, key) => (value === undefined ? undefined : value[key]), contract);
    if (current === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return current;
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: Json;
  pathItem: Json;
}

export function operationsOf(contract: Json): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries<Json>(contract.paths ?? {})) {
    for (const method of httpMethods) {
      if (pathItem[method]) entries.push({ method: method.toUpperCase(), path, operation: pathItem[method], pathItem });
    }
  }
  return entries;
}

/** The operation with this operationId (throws for an unknown one, so a typo fails its test). */
export function operationLookup(operations: OperationEntry[]): (operationId: string) => Json {
  const byId = new Map<string, Json>(operations.map((entry) => [entry.operation.operationId, entry.operation]));
  return (operationId) => {
    const found = byId.get(operationId);
    if (!found) throw new Error(`No operation ${operationId}`);
    return found;
  };
}

/** Named examples of one response media type, $refs resolved, in document order. */
export function responseExamples(contract: Json, operation: Json, status: string, mediaType = 'application/json'): [string, Json][] {
  const response = deref(contract, operation.responses?.[status]);
  const media = response?.content?.[mediaType];
  if (!media) return [];
  if (media.examples) {
    return Object.entries<Json>(media.examples).map(([name, example]) => [name, deref(contract, example).value]);
  }
  return media.example === undefined ? [] : [['example', media.example]];
}
