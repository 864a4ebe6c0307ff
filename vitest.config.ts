import { availableParallelism } from 'node:os'
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
    // One worker more than the machine has cores: the API tests spend much of their time waiting
    // for the database, so with one worker per core the cores sat idle. On the 2-core CI machine
    // the suite took 157 s with 2 workers, 91 s with 3 and 102 s with 4 (docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
})
