// Compression of what is made per request (the web app's pages): brotli quality 5, else gzip 6,
// as the browser accepts, with `Vary: Accept-Encoding`. The build's files come compressed
// already (static-files.ts serves their .br and .gz copies).
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends `body` compressed in the encoding the request accepts best, or as it is. */
    sendCompressed(body: string): FastifyReply;
  }
}

/** The encoding to send a page in for an Accept-Encoding header: brotli, else gzip, else none. */
export function pageEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

function sendCompressed(this: FastifyReply, body: string): FastifyReply {
  this.header('Vary', 'Accept-Encoding');
  const encoding = pageEncoding(this.request.headers['accept-encoding']);
  if (!encoding) return this.send(body);
  return this.header('Content-Encoding', encoding).send(encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body, { level: 6 }));
}

export const compression = fp(async (app) => {
  app.decorateReply('sendCompressed', sendCompressed);
}, { name: 'compression' });
