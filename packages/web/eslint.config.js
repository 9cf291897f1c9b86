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
    { name: '@microsoft/signalr', message: 'Use connectNotifications from @pustak/sdk.' },
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

const restrictedSyntax = [
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'public/**', 'coverage/**'] },
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
    rules: {
      'no-restricted-globals': ['error', ...restrictedGlobals],
      'no-restricted-imports': ['error', restrictedImports],
      'no-restricted-syntax': ['error', ...restrictedSyntax],
    },
  },
  {
    // Test code may observe or steer requests (fetch spies); app code may not.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**/*.{ts,tsx}'],
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
