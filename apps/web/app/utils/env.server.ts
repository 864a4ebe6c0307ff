import { z } from 'zod'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  API_URL: z.string().url().optional(),
  DEFAULT_LOCALE: LocaleSchema.default('en'),
  PRODUCT_NAME: z.string().min(1).default('SawahMart'),
  THEME_PRIMARY: z.enum(['green', 'red']).default('green'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
})

export type WebEnv = z.infer<typeof EnvSchema> & { apiUrl: string; secureCookies: boolean }

let cached: WebEnv | null = null

/** Configuration only from the environment, validated once at start (DEVELOPERS.md). */
export function getEnv(): WebEnv {
  if (cached) return cached
  const parsed = EnvSchema.safeParse({ ...process.env, API_URL: process.env.API_URL || undefined })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid web configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  cached = {
    ...env,
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`,
    secureCookies:
      env.COOKIE_SECURE === 'auto' ? env.NODE_ENV === 'production' : env.COOKIE_SECURE === 'true',
  }
  return cached
}
