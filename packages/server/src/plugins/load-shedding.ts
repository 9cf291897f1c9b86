// Load shedding: an instance that is saturated (its event loop lagging, or requests queued for a
// database connection) answers new requests at once with the contract's 503 and `Retry-After`,
// instead of queuing them without bound until every answer is late; /readyz says unready meanwhile
// (plugins/health.ts) so a load balancer sends traffic elsewhere. Liveness, readiness and metrics
// are always answered.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';

export interface PressureLimits {
  /** Event-loop delay (p99 over a sample, ms) above which requests are shed (MAX_EVENT_LOOP_DELAY_MS); 0: never. */
  maxEventLoopDelayMs: number;
  /** Requests waiting for a database connection above which requests are shed (MAX_DB_WAITING); 0: never. */
  maxDbWaiting: number;
  /** How often the event loop's delay is taken (its p99 over the interval). */
  sampleMs?: number;
}

export const DEFAULT_PRESSURE_LIMITS: PressureLimits = { maxEventLoopDelayMs: 1_000, maxDbWaiting: 50 };

export interface PressureMonitor {
  /** Why this instance sheds load now, or null. */
  pressure(): string | null;
  /** Forgets the delays so far and samples again from now (the server's own start is no load). */
  restart(): void;
  stop(): void;
}

/** Measures the event loop's delay every `sampleMs`; `dbWaiting` is read when asked. */
export function pressureMonitor({ maxEventLoopDelayMs, maxDbWaiting, sampleMs = 500 }: PressureLimits, dbWaiting: () => number): PressureMonitor {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lagMs = 0;
  const sample = () => {
    lagMs = delay.percentile(99) / 1e6;
    delay.reset();
  };
  let timer = setInterval(sample, sampleMs);
  timer.unref();
  return {
    pressure() {
      if (maxEventLoopDelayMs > 0 && lagMs > maxEventLoopDelayMs) return `event loop delay ${Math.round(lagMs)} ms`;
      const waiting = maxDbWaiting > 0 ? dbWaiting() : 0;
      if (waiting > maxDbWaiting) return `${waiting} requests waiting for a database connection`;
      return null;
    },
    restart() {
      clearInterval(timer);
      delay.reset();
      lagMs = 0;
      timer = setInterval(sample, sampleMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      delay.disable();
    },
  };
}

const ALWAYS_ANSWERED = new Set(['/healthz', '/readyz', '/metrics']);
const SHED = { status: 'error', statusCode: 503, message: 'Service Unavailable: the server is busy right now. Try again shortly.' };

export const loadShedding = fp<{ monitor: PressureMonitor; retryAfterSeconds?: number }>(async (app, { monitor, retryAfterSeconds = 2 }) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (ALWAYS_ANSWERED.has(request.url.split('?')[0]!) || !monitor.pressure()) return done();
    reply.code(503).header('retry-after', String(retryAfterSeconds)).type('application/json').send(SHED);
  });
  // Starting blocks the event loop (the contract's validators and serializers are compiled, a
  // second or more on a busy machine): that delay is not load, and counted it made a new instance
  // say unready, and shed, for its first sample after start.
  app.addHook('onReady', (done) => {
    monitor.restart();
    done();
  });
  app.addHook('onClose', async () => monitor.stop());
}, { name: 'load-shedding' });
