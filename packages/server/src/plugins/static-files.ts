// Files: uploaded covers, the example covers (without a web build, which has its own) and, in
// production, the web build's files (its pages come from web-pages.ts, with the banner).
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { coversDir } from '@pustak/web/covers';
import fp from 'fastify-plugin';
import { UPLOADS_PREFIX } from '../storage/images.js';

export const staticFiles = fp<{ uploadsDir: string; webDist?: string | undefined }>(async (app, { uploadsDir, webDist }) => {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    // An uploaded SVG may hold script: it is served as an image that can run nothing.
    setHeaders: (res) => {
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
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
