import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const restrict = (patterns) => ['error', { patterns }]
// The same layers by path, so a relative import ('../../db/src/client.ts') cannot go round them.
const DB_PATHS = ['**/db/src/**', '**/packages/db/**']
const API_PATHS = ['**/api/src/**', '**/apps/api/**']
const WEB_PATHS = ['**/web/app/**', '**/apps/web/**']

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // docs/product/dates-and-times.md: a market's time zone is written once, in the market table;
  // code asks the table (tests may name a zone to check the table's answer).
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/domain/src/markets.ts', '**/*.test.ts', 'e2e/**', '*.config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(Asia|Etc|UTC$)/]',
          message: "A market's time zone comes from the market table (@padi/domain/markets).",
        },
        {
          selector: 'TemplateElement[value.raw=/Asia\\//]',
          message: "A market's time zone comes from the market table (@padi/domain/markets).",
        },
        {
          selector: "Property[key.name='calendar'][value.value='buddhist']",
          message: 'Years are Gregorian in every language (docs/product/dates-and-times.md).',
        },
      ],
    },
  },
  // Dependencies point one way (ADR 001): web -> domain; api -> domain, db; db -> domain.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '@padi/db/*',
            '@padi/api/*',
            '@padi/web/*',
            'drizzle-orm*',
            'fastify*',
            'react*',
            'pg',
            '@electric-sql/*',
            ...DB_PATHS,
            ...API_PATHS,
            ...WEB_PATHS,
          ],
          message: 'domain is pure: zod and plain TypeScript only',
        },
      ]),
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@padi/api/*', '@padi/web/*', 'fastify*', 'react*', ...API_PATHS, ...WEB_PATHS],
          message: 'db depends on domain only',
        },
      ]),
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@padi/web/*', 'react*', ...WEB_PATHS],
          message: 'api depends on domain and db only',
        },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '@padi/db/*',
            '@padi/api/*',
            'drizzle-orm*',
            'pg',
            '@electric-sql/*',
            'fastify*',
            ...DB_PATHS,
            ...API_PATHS,
          ],
          message: 'web reaches data only through the API client (ADR 007)',
        },
      ]),
    },
  },
)
