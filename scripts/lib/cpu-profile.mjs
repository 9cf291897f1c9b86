// The bench's CPU profile of a server (`npm run bench -- --profile`, also with `--postgres`): a
// preload (PROFILE_PROBE) that starts and stops V8's sampling profiler over IPC, so the profile
// holds only the measured seconds (not the start, the seed's reads or the warm-up), and a summary
// of the .cpuprofile it writes: self time by function and by category, in µs of CPU per request.
import { readFile } from 'node:fs/promises';

/**
 * Node's `--import` for a server process: on `{ profile: 'start' }` it starts the profiler, on
 * `{ profile: 'stop', path }` it writes the profile there and answers `{ profiled: { path, cpuUs } }`,
 * the process's CPU time (user and system) over the profiled seconds.
 * (`--cpu-prof` profiles the whole life of the process, start-up and warm-up included.)
 */
export const PROFILE_PROBE = `
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
const session = new Session();
session.connect();
let cpu;
process.on('message', async (m) => {
  if (m?.profile === 'start') {
    cpu = process.cpuUsage();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    process.send({ profiling: true });
  } else if (m?.profile === 'stop') {
    const { profile } = await session.post('Profiler.stop');
    const used = process.cpuUsage(cpu);
    await writeFile(m.path, JSON.stringify(profile));
    process.send({ profiled: { path: m.path, cpuUs: used.user + used.system } });
  }
});`;

/** `--import` argument for {@link PROFILE_PROBE}. */
export const profileProbeArgs = () => ['--import', `data:text/javascript,${encodeURIComponent(PROFILE_PROBE)}`];

/** Asks a child started with {@link profileProbeArgs} to start profiling; settles once it has. */
export function startProfile(child) {
  return ask(child, { profile: 'start' }, 'profiling');
}

/** Stops the child's profiler and writes the profile to `path`; answers the CPU time it used meanwhile (µs). */
export function stopProfile(child, path) {
  return ask(child, { profile: 'stop', path }, 'profiled').then((answer) => answer.cpuUs);
}

function ask(child, message, answer) {
  return new Promise((done) => {
    const listener = (m) => {
      if (m?.[answer] === undefined) return;
      child.off('message', listener);
      done(m[answer]);
    };
    child.on('message', listener);
    child.send(message);
  });
}

// The category of a frame by its script (first match wins); null: a frame that only carries out
// what its caller asked (V8's builtins, native calls), charged to the nearest caller that has one;
// node's own scripts are "node core" unless a database library called them (its file system).
const CATEGORIES = [
  ['database: PGlite (wasm)', /@electric-sql\/pglite|wasm:\/\//],
  ['database: pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//],
  ['database: Kysely', /node_modules\/kysely\//],
  ['validation (ajv)', /node_modules\/(ajv|ajv-formats)\/|http\/validation\.js/],
  ['serialization', /fast-json-stringify|fast-uri|json-schema-ref-resolver|\/secure-json-parse\//],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|pino-pretty|quick-format-unescaped|atomic-sleep)\/|plugins\/request-log\.js|startup\/logging\.js/],
  ['metrics', /plugins\/metrics\.js|shared\/metrics\.js|startup\/instruments\.js/],
  ['compression', /plugins\/compression\.js|node:zlib/],
  ['auth / role', /node_modules\/jose\/|plugins\/caller-auth\.js|shared\/caller\.js|auth\/tokens\.js|node:internal\/crypto/],
  ['read cache', /cache\/store\.js|read-cache\/policy\.js/],
  ['other plugins', /server\/dist\/plugins\/|server\/dist\/http\//],
  ['handler (modules, shared)', /server\/dist\/(modules|shared|live|mail|clock)/],
  ['database: server side', /server\/dist\/db\//],
  ['fastify core', /node_modules\/(fastify|@fastify\/[a-z-]+|find-my-way|avvio|light-my-request|fastify-plugin|fastify-openapi-glue|toad-cache|process-warning|abstract-logging|rfdc|fast-querystring|fast-decode-uri-component|ret|safe-regex2)\//],
];

/** The category of one frame, or null when its caller's should be used. */
function frameCategory({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(program)') return 'V8 / native (program)';
  if (functionName === '(idle)') return 'idle';
  if (functionName === 'JSON.stringify' || functionName === 'stringify') return 'serialization';
  if (functionName === 'JSON.parse' || functionName === 'parse' && !url) return 'request parsing';
  for (const [name, pattern] of CATEGORIES) if (pattern.test(url)) return name;
  return null;
}

/**
 * Self time of a .cpuprofile by function and by category, in µs of CPU per request. The samples
 * give the shares; the process's CPU time (`cpuUs`) gives the total, which the samples overstate
 * on a busy machine (a thread waiting for a core is sampled in the function it was in).
 * @param {string} path the .cpuprofile
 * @param {number} requests requests this process answered while it was profiled
 * @param {number} cpuUs its CPU time (user and system) meanwhile
 */
export async function summarizeProfile(path, requests, cpuUs) {
  const profile = JSON.parse(await readFile(path, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const categoryOf = new Map();
  const category = (id) => {
    if (categoryOf.has(id)) return categoryOf.get(id);
    const node = nodes.get(id);
    let found = frameCategory(node.callFrame);
    if (found === null) {
      const up = parent.get(id);
      const inherited = up === undefined ? null : category(up);
      const ownedByNode = node.callFrame.url.startsWith('node:') && !inherited?.startsWith('database');
      found = ownedByNode ? 'node core (http, net, streams)' : inherited && inherited !== '(root)' ? inherited : 'other';
    }
    if (node.callFrame.functionName === '(root)') found = '(root)';
    categoryOf.set(id, found);
    return found;
  };
  const byCategory = new Map();
  const byFunction = new Map();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const name = category(id);
    if (name === 'idle' || name === '(root)') continue;
    busyUs += us;
    byCategory.set(name, (byCategory.get(name) ?? 0) + us);
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*packages\/server\/dist\//, 'server/').replace(/^file:\/\//, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    const entry = byFunction.get(key) ?? { us: 0, category: name };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const perRequest = (us) => (us / busyUs) * (cpuUs / requests);
  return {
    seconds,
    requests,
    busyUs,
    cpuUs,
    perRequestUs: cpuUs / requests,
    categories: [...byCategory].map(([name, us]) => ({ name, us, perRequestUs: perRequest(us) })).sort((a, b) => b.us - a.us),
    functions: [...byFunction].map(([name, { us, category: inCategory }]) => ({ name, category: inCategory, us, perRequestUs: perRequest(us) })).sort((a, b) => b.us - a.us),
  };
}

/** Prints a summary as two Markdown tables (categories, then the `top` functions by self time). */
export function printProfile(title, summary, { top = 25 } = {}) {
  const share = (us) => `${((100 * us) / summary.busyUs).toFixed(1)} %`;
  console.log(`\n${title}: ${summary.requests.toLocaleString('en')} requests in ${summary.seconds.toFixed(1)} s profiled; CPU time ${(summary.cpuUs / 1e6).toFixed(2)} s (sampled busy ${(summary.busyUs / 1e6).toFixed(2)} s) = ${Math.round(summary.perRequestUs)} µs of CPU per request\n`);
  console.log('| category | µs per request | share |');
  console.log('|---|---:|---:|');
  for (const c of summary.categories) console.log(`| ${c.name} | ${c.perRequestUs.toFixed(1)} | ${share(c.us)} |`);
  console.log(`\n| function (self time, top ${top}) | category | µs per request | share |`);
  console.log('|---|---|---:|---:|');
  for (const f of summary.functions.slice(0, top)) console.log(`| ${f.name.replace(/\|/g, '\\|')} | ${f.category} | ${f.perRequestUs.toFixed(1)} | ${share(f.us)} |`);
}
