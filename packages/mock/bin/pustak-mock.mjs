#!/usr/bin/env node
// `npm run mock`: the API from the contract (Prism behind the gateway) and the live hub on one
// origin, http://localhost:4010 unless told otherwise. `--proxy URL` puts the same gateway in
// front of a real backend and reports what breaks the contract. Ctrl-C stops everything.
import { isAbsolute, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SPEC_PATH, startMock } from '../src/index.mjs';

const USAGE = `Usage: npm run mock -- [--port N] [--host H] [--broadcast-every SECONDS] [--spec FILE] [--proxy URL]

  --port             gateway port (env PORT, default 4010; 0 picks a free port)
  --host             interface to bind (env MOCK_HOST, default 127.0.0.1)
  --broadcast-every  send a sample live notification every N seconds (env MOCK_BROADCAST_EVERY, default off)
  --spec             OpenAPI contract to serve (default openapi/openapi.yaml)
  --proxy            a real backend's API base URL, e.g. http://localhost:3000/api: Prism checks every
                     request and response against the contract on the way and the mock prints each
                     violation (also at GET /__mock/violations); /hubs goes to that backend`;

/** @param {string} name @param {string} value */
function nonNegativeInteger(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`${name} must be a whole number >= 0, got "${value}".\n\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

/** @param {string} path */
function displayPath(path) {
  const fromHere = relative(process.cwd(), path);
  return fromHere && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere : path;
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'broadcast-every': { type: 'string' },
      spec: { type: 'string' },
      proxy: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = nonNegativeInteger('--port', args.port ?? process.env.PORT ?? '4010');
// Not HOST: zsh sets HOST to the machine name, which would bind the mock to the LAN address.
const host = args.host ?? process.env.MOCK_HOST ?? '127.0.0.1';
const broadcastEverySeconds = nonNegativeInteger(
  '--broadcast-every',
  args['broadcast-every'] ?? process.env.MOCK_BROADCAST_EVERY ?? '0',
);
const specPath = args.spec ?? DEFAULT_SPEC_PATH;

/** @type {{ url: string, port: number, close(): Promise<void> } | undefined} */
let mock;
let stopping = false;
// Registered before start-up so that an interrupt at any moment still stops Prism (the exit
// handlers in src/prism.mjs run on process.exit).
async function stop() {
  // A second Ctrl-C means "now".
  if (stopping || !mock) process.exit(0);
  stopping = true;
  await mock.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  mock = await startMock({ port, host, specPath, broadcastEverySeconds, proxy: args.proxy });
} catch (error) {
  console.error(`\nCould not start the mock: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// Browsers, curl and Node 20 fall back to 127.0.0.1 for localhost even where ::1 comes first.
const origin = host === '127.0.0.1' ? `http://localhost:${mock.port}` : mock.url;
const controls = `Controls  POST ${origin}/__mock/broadcast {"sender":"Admin","text":"..."}   POST ${origin}/__mock/drop
            POST ${origin}/__mock/faults {"path":"/book/all","fault":503,"delayMs":800}   GET ${origin}/__mock/health`;
if (args.proxy) {
  console.log(`
  Pustak contract proxy is ready (${Math.round(performance.now())} ms after launch)

  API       ${origin}/api  ->  ${args.proxy}   (checked against ${displayPath(specPath)})
  Live hub  ${origin}/hubs/notification  ->  the backend
  Violations are printed below and listed at GET ${origin}/__mock/violations.
  ${controls}
  Ctrl-C stops it.
`);
} else {
  console.log(`
  Pustak mock is ready (${Math.round(performance.now())} ms after launch)

  API       ${origin}/api   (Prism on ${displayPath(specPath)})
  Live hub  ${origin}/hubs/notification   (${
    broadcastEverySeconds ? `sample notification every ${broadcastEverySeconds} s` : 'no timer; --broadcast-every N sends samples'
  })
  Covers    ${origin}/covers/<slug>.svg
  ${controls}

  Sign in as admin or staff; any other name signs in as the example customer "sita".
  Any password works except "wrong" (401).
  Try: curl ${origin}/api/book/all
  Ctrl-C stops it.
`);
}
