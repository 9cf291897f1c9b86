// Request bodies: JSON (an empty one is "no body", as the legacy client sends it) and multipart,
// whose parts become the plain object the contract's schema describes, the image kept aside.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RuleRefusal } from '../shared/errors.js';
import type { UploadedImage } from '../shared/handler.js';
import { MAX_IMAGE_BYTES } from '../storage/images.js';

declare module 'fastify' {
  interface FastifyRequest {
    upload?: UploadedImage | null;
  }
}

/** A multipart text part (a book's description): a longer one is a 422 naming it. The contract's longest form field, 16,384 characters, fits at 4 bytes each. */
const MAX_FIELD_BYTES = 64 * 1024;

export const requestBodies = fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40, fieldSize: MAX_FIELD_BYTES, parts: 41, headerPairs: 100 },
  });

  // A callback hook: a JSON request passes with no promise; a multipart one is read.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    readMultipart(request).then(() => done(), done);
  });
}, { name: 'request-bodies' });

/** A multipart form's fields into request.body, its cover into request.upload. */
async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string | string[]> = {};
  let upload: UploadedImage | null = null;
  // A broken multipart body (no or wrong boundary, cut short) is the client's error, not a 500.
  const unreadable = (error: any) => (error?.statusCode ? error : new RuleRefusal('invalid', 'The multipart body could not be read.', 'body'));
  for await (const part of mapErrors(request.parts(), unreadable)) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error) => Promise.reject(unreadable(error)));
      if (part.fieldname !== 'image') {
        fields[part.fieldname] = part.filename;
        continue;
      }
      fields.image = bytes.length === 0 ? '' : part.filename || 'image';
      upload = bytes.length === 0 ? null : { bytes, filename: part.filename, mimetype: part.mimetype };
    } else {
      // Busboy cuts a longer part at the limit and only flags it: refused, never stored cut.
      if (part.valueTruncated) throw new RuleRefusal('invalid', `${part.fieldname} is longer than ${MAX_FIELD_BYTES} bytes`, `body.${part.fieldname}`);
      const value = String(part.value);
      const previous = fields[part.fieldname];
      fields[part.fieldname] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  }
  request.body = fields;
  request.upload = upload;
}

/** The same items; an error thrown while reading them is replaced by `map(error)`. */
async function* mapErrors<T>(items: AsyncIterable<T>, map: (error: unknown) => unknown): AsyncIterable<T> {
  try {
    yield* items;
  } catch (error) {
    throw map(error);
  }
}
