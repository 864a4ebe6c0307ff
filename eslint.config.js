import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const restrict = (patterns) => ['error', { patterns }]
// The same layers by path, so a relative import ('../../db/src/client.ts') cannot go round them.
const DB_PATHS = ['**/db/src/**', '**/packages/db/**']
const API_PATHS = ['**/api/src/**', '**/apps/api/**']
const WEB_PATHS = ['**/web/app/**', '**/apps/web/**']
/** docs/architecture.md (Modules): see the block that uses these. */
const OTHER_MODULES = {
  group: [
    '../*/*',
    '!../*/*.service.ts',
    '!../*/*.module.ts',
    '!../files/*',
    '!../sms/*',
    '!../content/*',
    '!../../**',
  ],
  allowTypeImports: true,
  message:
    'Another module is reached through its *.service.ts or *.module.ts (docs/architecture.md, Modules).',
}
/** Queries live in the module's repository; routes and services call it (ADR 082). */
const QUERIES = {
  group: ['drizzle-orm', 'drizzle-orm/*', '@padi/db/schema/*'],
  message: "A query belongs in the module's *.repository.ts (docs/architecture.md, Modules).",
}
/** docs/product/dates-and-times.md: see the block that uses these. */
const MARKET_TIME_SYNTAX = [
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
]
const FORM_MESSAGE = 'An action reads its form with parseForm or formIntent (utils/forms.ts).'
const REFUSAL_MESSAGE =
  'An API refusal is read with readRefusal (utils/api-errors.server.ts), by its kind or code.'
/**
 * Web pages read a form one way and an API refusal one way: every field through parseForm (with
 * the domain's schema), every refusal through readRefusal, which decides on codes; the status is
 * read there only. The names are those the routes give a form's data.
 */
const WEB_ROUTE_SYNTAX = [
  {
    selector:
      'CallExpression[callee.property.name=/^(get|getAll|has|entries|keys|values|forEach)$/][callee.object.name=/^(formData|form)$/]',
    message: FORM_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(get|getAll|has|entries|keys|values|forEach)$/][callee.object.argument.callee.property.name='formData']",
    message: FORM_MESSAGE,
  },
  {
    selector:
      "CallExpression[callee.object.name='Object'][callee.property.name='fromEntries'] > Identifier.arguments[name=/^(formData|form)$/]",
    message: FORM_MESSAGE,
  },
  {
    selector: 'ForOfStatement > Identifier.right[name=/^(formData|form)$/]',
    message: FORM_MESSAGE,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(safeParse|parse)$/] Identifier[name=/^(formData|form)$/]',
    message: FORM_MESSAGE,
  },
  {
    selector: "BinaryExpression[operator='instanceof'][right.name='ApiError']",
    message: REFUSAL_MESSAGE,
  },
  {
    selector:
      "BinaryExpression[right.raw=/^[45]\\d\\d$/] > MemberExpression.left[property.name='statusCode']",
    message: REFUSAL_MESSAGE,
  },
  {
    selector:
      "BinaryExpression[left.raw=/^[45]\\d\\d$/] > MemberExpression.right[property.name='statusCode']",
    message: REFUSAL_MESSAGE,
  },
  {
    selector:
      "MemberExpression[computed=true] > MemberExpression.property[property.name='statusCode']",
    message: REFUSAL_MESSAGE,
  },
]
const API_LAYER = {
  group: ['@padi/web/*', 'react*', ...WEB_PATHS],
  message: 'api depends on domain and db only',
}

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
    rules: { 'no-restricted-syntax': ['error', ...MARKET_TIME_SYNTAX] },
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
      'no-restricted-imports': restrict([API_LAYER]),
    },
  },
  // docs/architecture.md (Modules): a feature module reaches another only through that module's
  // services (`*.service.ts`) or its module file's accessors (`*.module.ts`), never its
  // repository, routes or helpers; types may be named. files/, sms/ and content/ are shared
  // infrastructure with no routes of their own. Tests may reach in to set up what they check.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: { 'no-restricted-imports': restrict([API_LAYER, OTHER_MODULES, QUERIES]) },
  },
  {
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': restrict([API_LAYER, OTHER_MODULES]) },
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
  // Web routes: one way to read a form, one way to read an API refusal (the rules above, with
  // the time-zone rules every file has, since a file's rule options are replaced, not added to).
  {
    files: ['apps/web/app/routes/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...MARKET_TIME_SYNTAX, ...WEB_ROUTE_SYNTAX] },
  },
)
