import { z } from 'zod'
import { LocaleSchema } from '@padi/domain/i18n/locale-schemas'
import { DEMO_MODE_SETTINGS, resolveDemoMode } from '@padi/domain/demo/demo-mode'

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
  // docs/product/demo-mode.md: the same rule as the API's, from the same settings.
  DEMO_MODE: z.enum(DEMO_MODE_SETTINGS).default('auto'),
  DATABASE_URL: z.string().optional(),
  SMS_PROVIDER: z.string().optional(),
  // ADR 018: sent to the API so it believes the farmer's address this server forwards.
  PROXY_SECRET: z.string().min(32).optional(),
  // docs/product/error-reporting.md: off unless a DSN is given; the pages report through this
  // server (server.mjs checks and forwards).
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  // The site's own origins when a TLS proxy stands in front (form posts come from these); by
  // default the origin the request itself was made to.
  PUBLIC_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = []
      for (const o of v.split(',').map((x) => x.trim())) {
        if (!o) continue
        if (!URL.canParse(o)) {
          ctx.addIssue({ code: 'custom', message: `not a URL: ${o}` })
          return z.NEVER
        }
        origins.push(new URL(o).origin)
      }
      return origins
    }),
})

export type WebEnv = z.infer<typeof EnvSchema> & {
  apiUrl: string
  secureCookies: boolean
  demoMode: boolean
}

let cached: WebEnv | null = null

/** Configuration only from the environment, validated once at start (docs/architecture.md). */
export function getEnv(): WebEnv {
  if (cached) return cached
  const parsed = EnvSchema.safeParse({
    ...process.env,
    API_URL: process.env.API_URL || undefined,
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    SENTRY_DSN: process.env.SENTRY_DSN || undefined,
  })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid web configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  let demoMode: boolean
  try {
    demoMode = resolveDemoMode({
      setting: env.DEMO_MODE,
      databaseUrl: env.DATABASE_URL,
      smsProvider: env.SMS_PROVIDER,
    })
  } catch (error) {
    throw new Error(`Invalid web configuration:\n  DEMO_MODE: ${(error as Error).message}`)
  }
  cached = {
    ...env,
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`,
    secureCookies:
      env.COOKIE_SECURE === 'auto' ? env.NODE_ENV === 'production' : env.COOKIE_SECURE === 'true',
    demoMode,
  }
  return cached
}
