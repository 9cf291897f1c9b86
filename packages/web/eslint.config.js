import { readdirSync } from 'node:fs';
import { moneyGuard, moneyGuardExempt } from '@pustak/dev-tools/money-guard';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The boundary of the web app: it talks to the API only through the SDK client that
// src/lib/api-client.ts builds. Everything below is forbidden everywhere else in src/.
const boundaryMessage =
  'The web app talks to the API only through the SDK client from src/lib/api-client.ts (useApi()).';

const restrictedGlobals = [
  { name: 'fetch', message: boundaryMessage },
  { name: 'XMLHttpRequest', message: boundaryMessage },
];

const restrictedImports = {
  paths: [
    { name: 'openapi-fetch', message: boundaryMessage },
    { name: '@microsoft/signalr', message: 'Use connectNotifications from @pustak/sdk/live.' },
    {
      name: '@pustak/sdk',
      importNames: ['createPustakClient'],
      message: boundaryMessage,
    },
  ],
  patterns: [
    { group: ['**/generated', '**/generated/**', '*generated*'], message: boundaryMessage },
  ],
};

// Text put into a page or a template through a replacement string: its `$&`, `$'` or `` $` ``
// copy the page into itself (issue 26). A replacer function takes the text as it is.
const replacementString = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type='TemplateLiteral'][arguments.1.expressions.length>0], " +
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type='BinaryExpression']",
  message: 'A replacement string built from values expands `$&`, `$\'` and `$`` in them: pass a replacer function, `() => text`.',
};

const restrictedSyntax = [
  replacementString,
  {
    selector: "MemberExpression[property.name='fetch']",
    message: boundaryMessage,
  },
  {
    selector: "MemberExpression[property.name='XMLHttpRequest']",
    message: boundaryMessage,
  },
  {
    selector: "ImportExpression[source.value=/generated|openapi-fetch|@microsoft\\u002Fsignalr/]",
    message: boundaryMessage,
  },
];

// The layers (shared/guides/architecture.md): app above features above components and lib,
// which sit on the SDK. An import may only point down or sideways inside its own layer, and a
// feature is entered through its index.ts only. Every folder under src/features is a feature;
// the back office is one area whose parts (features/back-office/*) are features of their own.
const featureDirs = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    entry.name === 'back-office'
      ? readdirSync(new URL('./src/features/back-office', import.meta.url), { withFileTypes: true })
          .filter((sub) => sub.isDirectory())
          .map((sub) => `back-office/${sub.name}`)
      : [entry.name],
  );

/** Files of every feature but `feature` (globs), for the "enter through index.ts" zones. */
function outside(feature) {
  const [top, sub] = feature.split('/');
  return sub
    ? [`./src/features/!(${top})/**/*`, `./src/features/${top}/!(${sub})/**/*`]
    : [`./src/features/!(${top})/**/*`];
}

const layerZones = [
  {
    target: './src/lib',
    from: ['./src/components', './src/features', './src/app'],
    message: 'lib/ is the ground floor: it imports the SDK and itself only (main.tsx wires the app into it).',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'components/ is shared UI: it may use lib/ and the SDK, never a feature or the app shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features sit below the app shell: move what you need into lib/ or components/.',
  },
];

const featureZones = featureDirs.map((feature) => ({
  target: outside(feature),
  from: `./src/features/${feature}`,
  except: ['./index.ts'],
  message: `Another feature's internals: import from features/${feature} (its index.ts), or move the shared part to components/ or lib/.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ssr/**', 'node_modules/**', 'public/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // The files no-cycle reads to follow imports (the default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-globals': ['error', ...restrictedGlobals],
      'no-restricted-imports': ['error', restrictedImports],
      'no-restricted-syntax': ['error', ...restrictedSyntax, ...moneyGuard],
    },
  },
  {
    // Banner schedules have a startTime and an endTime too: not a sale window.
    files: moneyGuardExempt,
    rules: {
      'no-restricted-syntax': ['error', ...restrictedSyntax],
    },
  },
  {
    // The build and what serves its pages (build/prerender.ts fills the pages with visitors' text).
    files: ['build/**/*.ts', 'vite.config.ts'],
    rules: {
      'no-restricted-syntax': ['error', replacementString],
    },
  },
  {
    // Test code may observe or steer requests (fetch spies); app code may not.
    files: ['src/**/*.test.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    // The one module allowed to build the SDK client.
    files: ['src/lib/api-client.ts'],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-imports': 'off',
      'no-restricted-syntax': 'off',
    },
  },
);
