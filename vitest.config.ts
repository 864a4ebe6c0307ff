import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The web's own import alias (apps/web/vite.config.ts), so a page's route module can be tested.
  resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    // ADR 023: test files share a worker's loaded modules. Importing Fastify, Drizzle and the app
    // once per file was two thirds of the suite's time; every test builds its own app and database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
})
