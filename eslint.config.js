import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const restrict = (patterns) => ['error', { patterns }]

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
          group: ['@padi/api/*', '@padi/web/*', 'fastify*', 'react*'],
          message: 'db depends on domain only',
        },
      ]),
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@padi/web/*', 'react*'], message: 'api depends on domain and db only' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@padi/db/*', '@padi/api/*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'fastify*'],
          message: 'web reaches data only through the API client (ADR 007)',
        },
      ]),
    },
  },
)
