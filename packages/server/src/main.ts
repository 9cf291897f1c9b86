#!/usr/bin/env node
// `npm run server`: the Pustak server alone, configured by the environment.
//
//   PORT               port to listen on (default 3000)
//   HOST               interface (default 127.0.0.1; 0.0.0.0 in production)
//   DATABASE_URL       PostgreSQL (postgres://...); without it PGlite stores under DATA_DIR
//   DATABASE_POOL_SIZE connections per instance to PostgreSQL (default 10)
//   DATABASE_PREPARED_STATEMENTS  on (default): statements with values are prepared once per connection;
//                      off for a connection pooler in transaction mode that does not keep them
//   DATA_DIR           data folder: PGlite database, uploaded covers, dev JWT secret (default <repo>/.data)
//   UPLOADS_DIR        uploaded covers (default DATA_DIR/uploads); several instances must share it
//   PUSTAK_JWT_SECRET  token signing secret (required in production; generated once in DATA_DIR otherwise)
//   SMTP_URL           send e-mail through this SMTP server (else the dev outbox, GET /__dev/outbox)
//   MAIL_FROM          sender address of the e-mails
//   SHOP_NAME, SHOP_ADDRESS, SHOP_OPENING_HOURS (lines separated by ";"), SHOP_PHONE, SHOP_EMAIL,
//   SHOP_TIME_ZONE (an IANA zone, Asia/Kathmandu by default: when a hold ends, in messages and e-mails),
//   SHOP_PAN (the shop's 9-digit PAN/VAT number, printed on receipts; none by default)
//                      the shop's pickup information (GET /shop/info, order e-mails); the contact page's by default
//   PUBLIC_URL         origin for absolute image URLs (else each request's own origin)
//   CORS_ORIGINS       comma-separated origins whose pages may call the API and the hub (none by default)
//   HUB_CONNECTIONS_PER_ADDRESS  open hub WebSockets one client address may hold (default 50)
//   PICKUP_HOLD_DAYS   days a Ready order is held for pickup before it expires (default 7)
//   S3_URL, S3_BUCKET  covers in an S3-compatible bucket (credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY;
//                      S3_REGION default us-east-1, S3_PREFIX default covers/) instead of UPLOADS_DIR
//   METRICS_TOKEN      GET /metrics on PORT needs "Authorization: Bearer <it>" (16+ characters); open in development without it
//   METRICS_PORT       GET /metrics on a port of its own instead (no token), e.g. for a scraper on a private network
//   MAX_EVENT_LOOP_DELAY_MS, MAX_DB_WAITING  shed load (503 with Retry-After, /readyz unready) while the event
//                      loop lags more (p99, default 1000 ms) or more requests wait for a database connection (default 50;
//                      on PGlite: statements waiting over 100 ms in its thread's queue or behind a transaction); 0: never
//   LOG_LEVEL          fatal, error, warn, info (default), debug, trace or silent
//   LOG_FORMAT         json (one JSON line per request and message; production's default) or pretty (development's)
//   LOW_STOCK_THRESHOLD  the dashboard lists books with this many copies or fewer (default 5)
//   READ_CACHE_MB      memory for the catalogue's read cache, in MB (default 32; 0: none)
//   RATE_LIMITS=off    no limits on sign-in, code, registration and claim-code attempts (on by default)
//   NODE_ENV=production  no demo data, no dev routes, serves the built web app (packages/web/dist)
//
// Flags: --memory (in-memory database with the demo data and POST /__dev/reset),
//        --reset (start over: deletes the PGlite database and uploads in DATA_DIR), --port N
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_HINT, jwtSecretProblem } from './auth/secret-check.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed.js';
import { parseCorsOrigins } from './plugins/security-headers.js';
import { createPustakServer, ephemeralSecret } from './server.js';
import { holdDataDir } from './ops/server-lock.js';
import { DEFAULT_PRESSURE_LIMITS } from './plugins/load-shedding.js';
import { listenMetrics } from './startup/metrics-server.js';
import { LOG_LEVELS, createLogger, serverLog, type LogFormat, type LogLevel } from './startup/logging.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

function fail(message: string): never {
  console.error(`\nPustak server: ${message}\n`);
  process.exit(1);
}

const production = process.env.NODE_ENV === 'production';
const memory = flag('memory');
const port = Number(option('port') ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${option('port') ?? process.env.PORT}".`);
const host = process.env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
const dataDir = resolve(process.env.DATA_DIR ?? join(repoRoot, '.data'));
const databaseUrl = process.env.DATABASE_URL;
const poolSize = process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined;
if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) fail(`DATABASE_POOL_SIZE must be a whole number above 0, not "${process.env.DATABASE_POOL_SIZE}".`);
const preparedSetting = process.env.DATABASE_PREPARED_STATEMENTS ?? 'on';
if (preparedSetting !== 'on' && preparedSetting !== 'off') fail(`DATABASE_PREPARED_STATEMENTS must be "on" or "off", not "${preparedSetting}".`);
const uploadsDir = process.env.UPLOADS_DIR ? resolve(process.env.UPLOADS_DIR) : join(dataDir, 'uploads');

if (production && memory) fail('--memory is a development sandbox; it does not run with NODE_ENV=production.');
if (flag('reset')) {
  if (databaseUrl) fail('--reset only starts over a PGlite database; with DATABASE_URL, drop the database yourself.');
  await rm(join(dataDir, 'db'), { recursive: true, force: true });
  await rm(uploadsDir, { recursive: true, force: true });
}

let jwtSecret = process.env.PUSTAK_JWT_SECRET;
const secretProblem = jwtSecretProblem(jwtSecret, { production });
if (secretProblem) fail(`${secretProblem}\n${SECRET_HINT}`);
if (!jwtSecret && memory) jwtSecret = ephemeralSecret();
if (!jwtSecret) {
  // Development: one secret, generated once and kept in the data folder, so sign-ins survive restarts.
  const file = join(dataDir, 'jwt-secret');
  await mkdir(dataDir, { recursive: true });
  if (!existsSync(file)) await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  jwtSecret = (await readFile(file, 'utf8')).trim();
}

let corsOrigins: string[];
try {
  corsOrigins = parseCorsOrigins(process.env.CORS_ORIGINS);
} catch (error) {
  fail((error as Error).message);
}
const hubConnectionsPerAddress = process.env.HUB_CONNECTIONS_PER_ADDRESS ? Number(process.env.HUB_CONNECTIONS_PER_ADDRESS) : undefined;
if (hubConnectionsPerAddress !== undefined && !(Number.isInteger(hubConnectionsPerAddress) && hubConnectionsPerAddress > 0)) {
  fail(`HUB_CONNECTIONS_PER_ADDRESS must be a whole number above 0, not "${process.env.HUB_CONNECTIONS_PER_ADDRESS}".`);
}
const pickupHoldDays = process.env.PICKUP_HOLD_DAYS ? Number(process.env.PICKUP_HOLD_DAYS) : undefined;
if (pickupHoldDays !== undefined && !(Number.isInteger(pickupHoldDays) && pickupHoldDays > 0 && pickupHoldDays <= 365)) {
  fail(`PICKUP_HOLD_DAYS must be a whole number of days from 1 to 365, not "${process.env.PICKUP_HOLD_DAYS}".`);
}
const lowStockThreshold = process.env.LOW_STOCK_THRESHOLD ? Number(process.env.LOW_STOCK_THRESHOLD) : undefined;
if (lowStockThreshold !== undefined && !(Number.isInteger(lowStockThreshold) && lowStockThreshold >= 0 && lowStockThreshold <= 1_000_000)) {
  fail(`LOW_STOCK_THRESHOLD must be a whole number of copies from 0 to 1000000, not "${process.env.LOW_STOCK_THRESHOLD}".`);
}
const readCacheMb = process.env.READ_CACHE_MB ? Number(process.env.READ_CACHE_MB) : undefined;
if (readCacheMb !== undefined && !(Number.isFinite(readCacheMb) && readCacheMb >= 0 && readCacheMb <= 65_536)) {
  fail(`READ_CACHE_MB must be a number of megabytes from 0 (no read cache) to 65536, not "${process.env.READ_CACHE_MB}".`);
}
// RATE_LIMITS=off: no attempt limits (load tests, a proxy that limits in front); on otherwise.
const rateLimitsOff = process.env.RATE_LIMITS === 'off';
if (process.env.RATE_LIMITS !== undefined && process.env.RATE_LIMITS !== 'off' && process.env.RATE_LIMITS !== 'on') {
  fail(`RATE_LIMITS must be "on" or "off", not "${process.env.RATE_LIMITS}".`);
}

if (process.env.SHOP_TIME_ZONE?.trim()) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: process.env.SHOP_TIME_ZONE.trim() });
  } catch {
    fail(`SHOP_TIME_ZONE must be an IANA time zone such as Asia/Kathmandu, not "${process.env.SHOP_TIME_ZONE}".`);
  }
}
const panNumber = process.env.SHOP_PAN?.trim();
if (panNumber && !/^[0-9]{9}$/.test(panNumber)) fail(`SHOP_PAN must be the shop's 9-digit PAN/VAT number, not "${process.env.SHOP_PAN}".`);
// A receipt without the seller's PAN is not a valid tax invoice in Nepal: say so where it is printed for real.
if (production && !panNumber) console.warn('Pustak server: SHOP_PAN is not set; receipts will carry no PAN/VAT number.');
const shop = {
  name: process.env.SHOP_NAME?.trim(),
  address: process.env.SHOP_ADDRESS?.trim(),
  openingHours: process.env.SHOP_OPENING_HOURS ? process.env.SHOP_OPENING_HOURS.split(';').map((line) => line.trim()).filter(Boolean) : undefined,
  phone: process.env.SHOP_PHONE?.trim(),
  email: process.env.SHOP_EMAIL?.trim(),
  timeZone: process.env.SHOP_TIME_ZONE?.trim(),
  panNumber,
};

let webDist: string | undefined;
if (production) {
  webDist = resolve(process.env.WEB_DIST ?? join(repoRoot, 'packages/web/dist'));
  if (!existsSync(join(webDist, 'index.html'))) fail(`No built web app in ${webDist}. Run "npm run build" first.`);
} else if (option('web-dist')) {
  webDist = resolve(option('web-dist')!);
}

const s3Url = process.env.S3_URL?.trim() || undefined;
const s3Bucket = process.env.S3_BUCKET?.trim() || undefined;
if (s3Url && !s3Bucket) fail('S3_URL is set: set S3_BUCKET to the bucket for the covers too.');
if (s3Url && !/^https?:\/\//.test(s3Url)) fail(`S3_URL must be an http(s) URL, not "${s3Url}".`);
const s3 = s3Url ? { url: s3Url, bucket: s3Bucket!, region: process.env.S3_REGION?.trim() || undefined, prefix: process.env.S3_PREFIX?.trim() || undefined } : undefined;
const metricsToken = process.env.METRICS_TOKEN?.trim() || undefined;
if (metricsToken && metricsToken.length < 16) fail('METRICS_TOKEN must be at least 16 characters (it guards GET /metrics).');
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
if (metricsPort !== undefined && !(Number.isInteger(metricsPort) && metricsPort > 0 && metricsPort <= 65535)) fail(`METRICS_PORT must be a port number, not "${process.env.METRICS_PORT}".`);
const limitOf = (name: string, fallback: number) => {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!(Number.isInteger(value) && value >= 0)) fail(`${name} must be a whole number (0 turns it off), not "${process.env[name]}".`);
  return value;
};
const loadShedding = {
  maxEventLoopDelayMs: limitOf('MAX_EVENT_LOOP_DELAY_MS', DEFAULT_PRESSURE_LIMITS.maxEventLoopDelayMs),
  maxDbWaiting: limitOf('MAX_DB_WAITING', DEFAULT_PRESSURE_LIMITS.maxDbWaiting),
};
const logLevel = (process.env.LOG_LEVEL?.trim() || 'info') as LogLevel;
if (!LOG_LEVELS.includes(logLevel)) fail(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${process.env.LOG_LEVEL}".`);
const logFormat = (process.env.LOG_FORMAT?.trim() || (production ? 'json' : 'pretty')) as LogFormat;
if (logFormat !== 'json' && logFormat !== 'pretty') fail(`LOG_FORMAT must be "json" or "pretty", not "${process.env.LOG_FORMAT}".`);
const logger = createLogger({ level: logLevel, format: logFormat });
const log = serverLog(logger);
const started = performance.now();
let server;
try {
  server = await createPustakServer({
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize, preparedStatements: preparedSetting === 'on' } : memory ? { kind: 'pglite' } : { kind: 'pglite', dataDir: join(dataDir, 'db') },
    uploadsDir: memory ? undefined : uploadsDir,
    jwtSecret,
    production,
    seed: !production,
    resettable: memory,
    warmSalesReport: true,
    warmBookPages: true,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM,
    shop,
    ...(pickupHoldDays ? { pickupHoldDays } : {}),
    ...(lowStockThreshold !== undefined ? { lowStockThreshold } : {}),
    ...(readCacheMb !== undefined ? { readCacheMb } : {}),
    publicUrl: process.env.PUBLIC_URL || undefined,
    webDist,
    trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
    corsOrigins,
    ...(hubConnectionsPerAddress ? { hubConnectionsPerAddress } : {}),
    ...(rateLimitsOff ? { rateLimits: false as const } : {}),
    logger,
    log,
    metricsToken,
    loadShedding,
    s3,
  });
} catch (error) {
  fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
}

let origin: string;
try {
  origin = await server.listen(port, host);
} catch (error) {
  await server.close();
  const code = (error as NodeJS.ErrnoException).code;
  fail(code === 'EADDRINUSE' ? `port ${port} is already in use; set PORT=<another port>.` : `could not listen on ${host}:${port}: ${(error as Error).message}`);
}

// A backup or restore must not copy or replace PGlite's folder under a running server (ops/backup.ts).
const releaseDataDir = !databaseUrl && !memory ? await holdDataDir(dataDir) : undefined;

let metricsServer: Awaited<ReturnType<typeof listenMetrics>> | undefined;
if (metricsPort) {
  try {
    metricsServer = await listenMetrics(server.services.metrics, metricsPort, host);
  } catch (error) {
    await server.close();
    fail(`could not serve the metrics on ${host}:${metricsPort}: ${(error as Error).message}`);
  }
}

const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : memory ? 'PGlite in memory (POST /__dev/reset starts over)' : `PGlite in ${join(dataDir, 'db')}`;
const metricsWhere = metricsServer?.url ?? (metricsToken ? `${origin}/metrics (Authorization: Bearer METRICS_TOKEN)` : production ? 'off (set METRICS_TOKEN or METRICS_PORT)' : `${origin}/metrics`);
// A log shipper reads JSON lines only: the banner is for a person at a terminal.
if (logFormat === 'json') logger.info({ origin, database: where, metrics: metricsWhere, mode: production ? 'production' : 'development', ms: Math.round(performance.now() - started) }, 'ready');
else console.log(`
  Pustak server ready in ${Math.round(performance.now() - started)} ms  (${production ? 'production' : 'development'})

  API       ${origin}/api
  Live hub  ${origin}/hubs/notification
  Database  ${where}${rateLimitsOff ? '\n  Limits    RATE_LIMITS=off: sign-in, code, registration and claim-code attempts are not limited' : ''}${production ? '' : `\n  Outbox    ${origin}/__dev/outbox   (e-mails: one-time codes, order confirmations)`}${webDist ? `\n  Web app   ${origin}/` : ''}
  Metrics   ${metricsWhere}
${production ? '' : `\n  Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(', ')}\n`}`);
process.send?.({ ready: origin });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([server!.close(), metricsServer?.close()]);
  await releaseDataDir?.();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by a parent over an IPC channel (npm start's scripts/start.mjs, the tests, the benches):
// the channel closes when that parent goes, however it went (a SIGKILL, a crash), and the server
// stops with it, as on SIGTERM. Without it a parent killed hard left its server running, holding
// its port and, on PGlite, its folder.
process.on('disconnect', stop);
