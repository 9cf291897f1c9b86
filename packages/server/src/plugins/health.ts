// Health for a load balancer, and the graceful shutdown's answer: alive (/healthz: the process
// answers), ready (/readyz: it reaches its database and, on PostgreSQL, listens), and while the
// server closes every new request gets the contract's 503 with `Connection: close`.
import fp from 'fastify-plugin';

export interface HealthOptions {
  /** True from the moment the server starts closing (server.ts). */
  shuttingDown(): boolean;
  databaseOk(): Promise<boolean>;
  /** The live messages' connection (PostgreSQL LISTEN); 'ok' where there is none. */
  live(): 'ok' | 'reconnecting';
  /** Why the instance sheds load now (plugins/load-shedding.ts), or null: unready meanwhile. */
  pressure?: () => string | null;
}

/** The contract's 503 body while an instance shuts down (a load balancer sends the retry elsewhere). */
const SHUTTING_DOWN = { status: 'error', statusCode: 503, message: 'Service Unavailable: this server is shutting down. Try again.' };

export const health = fp<HealthOptions>(async (app, { shuttingDown, databaseOk, live, pressure }) => {
  // Callback hooks (here and in the other plugins): an async hook is a promise and a turn of the
  // microtask queue on every request. A hook that answers sends and does not call done.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!shuttingDown()) return done();
    reply.code(503).header('connection', 'close').header('retry-after', '1').type('application/json').send(SHUTTING_DOWN);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown()) reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const database = (await databaseOk()) ? 'ok' : 'unreachable';
    const listening = live();
    const busy = pressure?.() ?? null;
    const ready = database === 'ok' && listening === 'ok' && !busy;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, live: listening, ...(busy ? { busy } : {}) });
  });
}, { name: 'health' });
