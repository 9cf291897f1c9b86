// The server's log: one pino logger (Fastify's own) for the request lines and the server's
// messages. JSON lines in production, for a log shipper; readable lines in development. The
// request lines carry chosen fields only (plugins/request-log.ts); the redaction list is a second
// guard for anything else that logs a request, a body or an error: no token, password, one-time
// code or claim code is ever written.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Services } from '../shared/services.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

/** Keys whose values never reach the log, wherever they sit (one level down, or in a request's headers). */
const SECRET_KEYS = ['password', 'Password', 'confirmPassword', 'currentPassword', 'newPassword', 'token', 'resetToken', 'authorization',
  'cookie', 'ClaimCode', 'claimCode', 'code', 'VerificationCode', 'verificationCode', 'otp'];
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.url',
];

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** Where the lines go: standard output unless given (tests collect them). */
  destination?: DestinationStream;
}

/**
 * Standard output, written in batches: a write per request line was a system call per request
 * (the festival mix's profile: 4 % of an instance's CPU). Lines gather up to 4 KB and leave at
 * least every 250 ms; pino writes out what is left when the process exits.
 */
function batchedStandardOutput(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => ((out as { destroyed?: boolean }).destroyed ? clearInterval(timer) : out.flush()), 250).unref();
  return out;
}

export function createLogger({ level = 'info', format = 'json', destination }: LoggerOptions = {}): Logger {
  const out = destination ?? batchedStandardOutput();
  return pino(
    {
      level,
      base: undefined, // no pid/hostname on every line: the platform knows which instance wrote it
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    format === 'pretty' ? prettyLines(out) : out,
  );
}

/** The server's messages (startup, warnings, failures) through the same logger. */
export function serverLog(logger: Logger): Services['log'] {
  return {
    info: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}

const KNOWN = new Set(['time', 'level', 'msg', 'requestId', 'method', 'route', 'status', 'ms', 'userId']);

/** Development: "10:42:07 INFO  GET /api/book/all 200 3.1 ms user=… req=…", and other fields after. */
function prettyLines(out: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
      const level = String(entry.level ?? '').toUpperCase().padEnd(5);
      const request = entry.route ? `${entry.method} ${entry.route} ${entry.status} ${entry.ms} ms${entry.userId ? ` user=${entry.userId}` : ''}` : '';
      const rest = Object.entries(entry).filter(([key]) => !KNOWN.has(key));
      const extra = rest.length ? ` ${JSON.stringify(Object.fromEntries(rest))}` : '';
      const id = entry.requestId ? ` req=${entry.requestId}` : '';
      out.write(`${time} ${level} ${request || String(entry.msg ?? '')}${id}${extra}\n`);
    },
  };
}
