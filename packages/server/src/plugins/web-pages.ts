// The web app's pages (production, with a web build): the prerendered home page at "/", the
// page of any other path a browser asks for as HTML (web-build-pages.ts), with the announcement
// banner. /books and a book page are rendered with their data: their reads are made on this
// server's own API in process, as the visitor's request would reach it (its host: cover
// addresses are absolute). Anything else nothing answers is a JSON 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cachedActiveAnnouncement } from '../modules/announcements/index.js';
import type { Services } from '../shared/services.js';
import { createWebPages } from './web-build-pages.js';

/** This server's API, for the reads of a page asked for by `page`. */
const fetchApiFor = (app: FastifyInstance, page: FastifyRequest) => async (request: Request) => {
  const { pathname, search } = new URL(request.url);
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
    const value = page.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const reply = await app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
  return new Response(reply.body, { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') } });
};

export const webPages = fp<{ services: Services; webDist?: string | undefined }>(async (app, { services, webDist }) => {
  const pages = webDist ? createWebPages(webDist) : null;
  const sendPage = async (path: string, reply: FastifyReply, request: FastifyRequest, query = '') => {
    // The banner is part of the page; without it (the database is down) the app asks for it itself.
    const banner = await cachedActiveAnnouncement(services).catch(() => undefined);
    const page = await pages!(path, banner, query, fetchApiFor(app, request));
    // It changes with the banner: asked for again on every visit. Compressed when the browser
    // accepts it (a page with its data is 30 KB of markup).
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendCompressed(page);
  };
  if (pages) app.get('/', (request, reply) => sendPage('/', reply, request));
  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query = ''] = request.url.split('?');
    if (pages && request.method === 'GET' && !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')) {
      return sendPage(path, reply, request, query);
    }
    return reply.code(404).type('application/json').send({ status: 'error', message: `Nothing at ${request.method} ${path}` });
  });
}, { name: 'web-pages', dependencies: ['compression'] });
