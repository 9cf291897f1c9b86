// Routes for development and the sandbox, never in production: the dev outbox's mails, and a
// reset to the demo data. Encapsulated (no fastify-plugin): it adds routes only, and being
// registered last it takes every hook before it.
import type { FastifyPluginAsync } from 'fastify';
import { wipe } from '../demo/seed.js';
import type { Services } from '../shared/services.js';

export interface DevRoutesOptions {
  services: Services;
  /** Offer POST /__dev/reset (the in-memory sandbox). */
  resettable: boolean;
  /** Seeds the demo data into the emptied database. */
  seed(): Promise<void>;
}

export const devRoutes: FastifyPluginAsync<DevRoutesOptions> = async (app, { services, resettable, seed }) => {
  const { mailer } = services;
  app.get('/__dev/outbox', async (request) => {
    const to = (request.query as { to?: string }).to;
    const mails = mailer.outbox ?? [];
    return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
  });
  if (!resettable) return;
  app.post('/__dev/reset', async () => {
    await wipe(services.db);
    await services.cache.clear();
    mailer.outbox?.splice(0);
    await seed();
    return { status: 'success', message: 'The sandbox is back to its demo data.' };
  });
};
