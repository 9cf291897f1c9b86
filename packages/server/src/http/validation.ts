// Request validation from the contract's schemas. Two Ajv instances: query, path and
// multipart text parts are coerced from strings ("2" -> 2, "true" -> true); a JSON body is
// checked as sent. Neither removes unknown properties: a closed schema refuses them (422),
// never trims them silently.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const OPTIONAL_BODY = 'x-pustak-optional-body';
// ajv-formats is CommonJS: its default export is the plugin, or a namespace holding it.
const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: false | 'array') {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addKeyword(OPTIONAL_BODY);
  return ajv;
}

/** Marks a body schema of an operation whose requestBody is not required (no body is fine). */
export function markOptionalBody(schema: Record<string, unknown>) {
  return { allOf: [schema], [OPTIONAL_BODY]: true };
}

export function createValidatorCompiler() {
  const exact = makeAjv(false);
  const coercing = makeAjv('array');
  return ({ schema: given, httpPart, contentType }: { schema: any; httpPart?: string; contentType?: string }) => {
    const headerNames = httpPart === 'headers' ? contractHeaderNames(given) : undefined;
    const schema = headerNames ? lowerCaseHeaders(given) : given;
    const ajv = httpPart === 'body' && contentType !== 'multipart/form-data' ? exact : coercing;
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      // The same schema object (with an $id) compiled twice: reuse the first.
      const existing = schema.$id ? ajv.getSchema(schema.$id) : undefined;
      if (!existing) throw error;
      validate = existing;
    }
    const optional = httpPart === 'body' && schema[OPTIONAL_BODY] === true;
    return (data: unknown) => {
      if ((data === undefined || data === null) && optional) return true;
      if ((data === undefined || data === null) && httpPart === 'body') {
        return { error: [{ instancePath: '', message: 'a request body is required' }] as unknown as FastifySchemaValidationError[] };
      }
      const valid = validate(data);
      if (!valid) {
        const errors = headerNames ? (validate.errors ?? []).map((e) => ({ ...e, instancePath: e.instancePath.replace(/^\/([^/]+)/, (_, name: string) => `/${headerNames.get(name) ?? name}`) })) : validate.errors;
        return { error: (errors ?? []) as FastifySchemaValidationError[] };
      }
      // "1e309" in a query, or 1e309 in JSON, reads as Infinity, which an integer schema lets through.
      const infinite = nonFinitePath(data);
      return infinite === null ? true : { error: [{ instancePath: infinite, message: 'must be a finite number' }] as unknown as FastifySchemaValidationError[] };
    };
  };
}

/**
 * Node gives header names in lower case: the headers schema's properties are matched in lower
 * case (Fastify's own compiler does so; a custom one must), and errors name them as the contract does.
 */
function contractHeaderNames(schema: any): Map<string, string> {
  return new Map(Object.keys(schema?.properties ?? {}).map((name) => [name.toLowerCase(), name]));
}

function lowerCaseHeaders(schema: any): any {
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    ...(Array.isArray(schema?.required) ? { required: schema.required.map((name: string) => name.toLowerCase()) } : {}),
  };
}

/** The JSON pointer of the first Infinity or NaN in the value, or null. */
function nonFinitePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nonFinitePath(inner, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Ajv's errors as the problem details' `errors` map: "body.quantity" -> ["must be >= 1"]. A
 * missing or unexpected property is named as a place of its own ("body.password"), as the mock
 * names them.
 */
export function validationErrorsMap(errors: ErrorObject[] | FastifySchemaValidationError[], part: string): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const error of errors as ErrorObject[]) {
    const missing = error.keyword === 'required' ? `/${String((error.params as { missingProperty?: string }).missingProperty)}` : '';
    const extra = error.keyword === 'additionalProperties' ? `/${String((error.params as { additionalProperty?: string }).additionalProperty)}` : '';
    const path = `${error.instancePath ?? ''}${missing}${extra}`.split('/').filter(Boolean).join('.');
    const key = path ? `${part}.${path}` : part;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') message = 'is required';
    if (error.keyword === 'additionalProperties') message = 'is not allowed here';
    if (error.keyword === 'enum') message = `${message}: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
    (map[key] ??= []).includes(message) || map[key]!.push(message);
  }
  return map;
}

const PLACES: Record<string, string> = { query: 'query parameter', path: 'path parameter', header: 'header', body: 'body property' };

/**
 * The problem details' `detail`: every place and the rule it broke, phrased as the mock
 * (Prism) phrases them: "Request query parameter pageSize must be >= 1; Request body property
 * quantity must be >= 1".
 */
export function validationDetail(errors: Record<string, string[]>): string {
  return Object.entries(errors).flatMap(([place, messages]) => {
    const [part = '', ...field] = place.split('.');
    const where = field.length && PLACES[part] ? `Request ${PLACES[part]} ${field.join('.')}` : PLACES[part] ? `Request ${part}` : '';
    return messages.map((message) => (where ? `${where} ${message}` : message));
  }).join('; ');
}
