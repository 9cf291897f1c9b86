import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The layers of the server (README.md), from the bottom: the infrastructure (db, storage, mail,
// clock, auth, live, the read cache's store), shared/, the read cache's policy, then the
// modules (one per tag of the contract) beside http/, the demo data, the Fastify plugins,
// app.ts, server.ts and its startup/ pieces, and main.ts on top. An import may only point down (or sideways inside
// its own layer), and a module is entered through its index.ts only.
const infrastructure = ['./src/db', './src/storage', './src/mail', './src/clock.ts', './src/auth', './src/live', './src/cache'];
const shared = './src/shared';
const cachePolicy = './src/read-cache/policy.ts';
const http = './src/http';
const modules = './src/modules';
const demo = './src/demo';
const plugins = './src/plugins';
const shell = ['./src/app.ts', './src/server.ts', './src/startup'];
const main = './src/main.ts';

const layerZones = [
  {
    target: infrastructure,
    from: [shared, cachePolicy, http, modules, demo, plugins, ...shell, main],
    message: 'The infrastructure (db, storage, mail, clock, auth, live, the cache store) is the ground floor: it knows no rule, module or HTTP.',
  },
  {
    target: shared,
    from: [cachePolicy, http, modules, demo, plugins, ...shell, main],
    message: 'shared/ (money, errors, the request context, handler types) sits below every module: move what you need down, not shared/ up.',
  },
  {
    target: cachePolicy,
    from: [http, modules, demo, plugins, ...shell, main],
    message: 'The read cache policy is below the modules that call it.',
  },
  {
    target: http,
    from: [modules, demo, plugins, ...shell, main],
    message: 'http/ is the HTTP plumbing under the plugins: it knows no module, demo data or app.',
  },
  {
    target: modules,
    from: [http, demo, plugins, ...shell, main],
    message: 'A module turns HTTP into rules through its handlers and the shared handler types; it never reaches up to http/, the demo data, plugins or the app.',
  },
  {
    target: demo,
    from: [http, plugins, ...shell, main],
    message: 'The demo data may use the modules and shared/, never the HTTP side.',
  },
  {
    target: plugins,
    from: [...shell, main],
    message: 'Plugins sit below app.ts and server.ts.',
  },
  {
    target: shell,
    from: main,
    message: 'main.ts reads the environment and starts the server: nothing imports it.',
  },
];

// Every folder under src/modules is a module, named as a tag of the contract.
const moduleNames = readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const moduleZones = moduleNames.map((name) => ({
  target: [`./src/modules/!(${name})/**/*`, './src/modules/index.ts'],
  from: `./src/modules/${name}`,
  except: ['./index.ts'],
  message: `Another module's internals: import from modules/${name}/index.ts (its public face), or move the shared part to shared/.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dist.*/**', 'node_modules/**'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      // Imports name the built file (./rules.js); the source is ./rules.ts.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
      // The files no-cycle reads to follow imports (the default is JavaScript only).
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      // Named in a comment in db/pglite-dialect.ts: a generator that only throws, on purpose.
      'require-yield': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...moduleZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Another package is reached by its name, as a declared dependency (package.json).
      'import-x/no-relative-packages': 'error',
      // A transaction PostgreSQL rolls back for a deadlock or a serialization failure runs again:
      // only shared/context.ts's runTransaction (and transact) open one.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='execute'][callee.object.type='CallExpression'][callee.object.callee.property.name='transaction']",
          message: 'Open a transaction with runTransaction or transact (shared/context.ts): they run it again after a deadlock or a serialization failure.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../../**'],
              message: 'Nothing in src/ sits three folders deep: this leaves the package. Import another package by name (@pustak/sdk/schema, @pustak/contract, @pustak/web/covers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/context.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
