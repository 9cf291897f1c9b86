// Files: uploaded covers, the example covers (without a web build, which has its own) and, in
// production, the web build's files (its pages come from web-pages.ts, with the banner).
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { coversDir } from '@pustak/web/covers';
import fp from 'fastify-plugin';
import { CONTENT_TYPES, UPLOADS_PREFIX, type ImageKind, type ImageStore } from '../storage/images.js';

// An uploaded SVG may hold script: it is served as an image that can run nothing.
const UPLOAD_HEADERS = { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", 'X-Content-Type-Options': 'nosniff' };

export const staticFiles = fp<{ images: ImageStore; webDist?: string | undefined }>(async (app, { images, webDist }) => {
  if (images.dir) {
    await app.register(fastifyStatic, {
      root: images.dir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(UPLOAD_HEADERS)) res.setHeader(name, value);
      },
    });
  } else if (images.open) {
    // A bucket (storage/s3-images.ts): the object streamed under the same URL. Its name is its
    // content's id, never reused: browsers may keep it.
    const open = images.open.bind(images);
    app.get(`${UPLOADS_PREFIX}:name`, async (request, reply) => {
      const { name } = request.params as { name: string };
      const image = await open(name);
      if (!image) return reply.code(404).send({ status: 'error', message: 'Not found' });
      const kind = name.slice(name.lastIndexOf('.') + 1) as ImageKind;
      reply.headers({ ...UPLOAD_HEADERS, 'content-type': CONTENT_TYPES[kind], 'cache-control': 'public, max-age=31536000, immutable' });
      if (image.length !== undefined) reply.header('content-length', image.length);
      return reply.send(image.body);
    });
  }
  if (existsSync(coversDir) && !webDist) {
    // The example catalog's covers, at /covers as the web app serves them.
    await app.register(fastifyStatic, { root: coversDir, prefix: '/covers/', decorateReply: false, index: false });
  }
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      index: false,
      allowedPath: (path) => !path.endsWith('.html'),
      // The build's assets come with brotli and gzip copies (packages/web/build/precompress.ts):
      // a browser that accepts one gets it, and nothing is compressed per request.
      preCompressed: true,
      // Every file in assets/ is named by its content hash (Vite): it never changes under its
      // name, so it is kept a year and never asked for again. The rest is checked on each visit.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}, { name: 'static-files' });
