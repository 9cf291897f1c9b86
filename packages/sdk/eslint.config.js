import { moneyGuard, moneyGuardExempt } from '@pustak/dev-tools/money-guard';
import tseslint from 'typescript-eslint';

// The SDK's lint is one rule: it carries the server's money and never works a price out
// (scripts/lib/money-guard.mjs). Type checks are `npm run typecheck`.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-syntax': ['error', ...moneyGuard] },
  },
  {
    // Banner schedules have a startTime and an endTime too: not a sale window.
    files: moneyGuardExempt,
    rules: { 'no-restricted-syntax': 'off' },
  },
);
