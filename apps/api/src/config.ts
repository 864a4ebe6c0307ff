import { resolve } from 'node:path'
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** Configuration comes only from the environment, validated at start (DEVELOPERS.md). */
export const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  INTEREST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: bool.default(false),
})
export type ApiConfig = z.infer<typeof ApiConfigSchema> & { dataDir: string }

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = ApiConfigSchema.safeParse({
    ...env,
    DATABASE_URL: env.DATABASE_URL || undefined,
  })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) }
}
