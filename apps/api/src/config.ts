import { hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { DEMO_MODE_SETTINGS, resolveDemoMode } from '@padi/domain/demo/demo-mode'
import type { Market } from '@padi/domain/markets'
import {
  collectingAccountProblem,
  type CollectingAccount,
} from '@padi/domain/repayments/payment-qr'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** Configuration comes only from the environment, validated at start (docs/architecture.md). */
export const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  // Connections to PostgreSQL. More than a few per core only queue inside the database (ADR 015).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // Catalogue answers kept in memory (ADR 015); 0 turns the cache off.
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  CATALOGUE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(32),
  // docs/product/orders-and-payments.md: the delivery fee rule per market, in minor units; an order
  // whose subtotal reaches the threshold is delivered free (0 turns the threshold off).
  SHIPPING_FEE_MY_MINOR: z.coerce.number().int().min(0).max(10_000_000).default(1_500),
  SHIPPING_FREE_FROM_MY_MINOR: z.coerce.number().int().min(0).max(100_000_000).default(30_000),
  SHIPPING_FEE_TH_MINOR: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  SHIPPING_FREE_FROM_TH_MINOR: z.coerce.number().int().min(0).max(100_000_000).default(300_000),
  // docs/product/credit.md (KYC review): the credit limit per verified hectare, in minor units. The
  // Thai rate is a setting; the Thai pages advertise up to 35,000 baht for a line (ADR 010).
  CREDIT_RATE_MY_MINOR_PER_HA: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
  CREDIT_RATE_TH_MINOR_PER_HA: z.coerce.number().int().min(0).max(1_000_000_000).default(3_500_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.default(true),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  INTEREST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // Whose X-Forwarded-For is believed (ADR 018): nobody's by default, so a client cannot pick its
  // own rate-limit bucket. A proxy is believed when it sends PROXY_SECRET in x-proxy-secret (the
  // web server does), or when its address is in TRUST_PROXY (a comma list of addresses).
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) =>
      v === 'false' || v === ''
        ? []
        : v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean),
    ),
  PROXY_SECRET: z.string().min(32).optional(),
  // docs/reliability.md (Rolling restarts): on SIGTERM, how long /readyz answers 503 while the
  // server still serves, before it stops taking connections (behind a load balancer: longer than
  // its check interval).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(30_000).default(0),
  // docs/product/demo-mode.md: auto = on only for the embedded database with the console SMS
  // provider; the SMS outbox endpoint and the demo banner exist only in demo mode.
  DEMO_MODE: z.enum(DEMO_MODE_SETTINGS).default('auto'),

  // Accounts and sessions (docs/product/accounts.md). Without JWT_SECRET and OTP_SECRET, secrets are made once and
  // kept in DATA_DIR/secrets.json so restarts keep sessions; a real deployment sets both.
  JWT_SECRET: z.string().min(32).optional(),
  OTP_SECRET: z.string().min(32).optional(),
  // docs/product/orders-and-payments.md: the key of the payment PINs' HMAC (ADR 038). Without it,
  // one is derived from OTP_SECRET; set it on its own so the OTP key can be rotated alone.
  PIN_SECRET: z.string().min(32).optional(),
  // docs/product/credit.md (KYC documents): uploaded files live here, encrypted with this key
  // (32 bytes, base64url). Without it one is made once in DATA_DIR/secrets.json; a real deployment
  // sets it and keeps it: files cannot be read without it.
  FILES_DIR: z.string().optional(),
  // How often files no record points at are swept (ADR 042); 0 turns it off.
  FILE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  // docs/product/credit.md (Late fees): how often the late-fee job runs (0: never on this server).
  LATE_FEE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  // docs/product/notices.md: how often the SMS notice job looks for what to tell (0: never).
  NOTICE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  // docs/reliability.md (Scheduled jobs): a failed run is tried again this many times, the first
  // after this many seconds and each later one after twice as long (at most 15 minutes).
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  // ADR 043: ClamAV's daemon, which every upload passes before it is kept. Without it only the
  // EICAR test file is refused (development, tests).
  CLAMD_HOST: z.string().min(1).optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65_535).default(3310),
  FILE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url (43 characters)')
    .optional(),
  // The order transaction's isolation level (ADR 038); either way a failure PostgreSQL asks to
  // retry (serialization, deadlock) is retried.
  ORDER_ISOLATION: z.enum(['read committed', 'serializable']).default('read committed'),
  // docs/product/orders-and-payments.md (Biometrics): the WebAuthn relying party: the shop's host
  // name, and every origin its pages are served from (comma-separated).
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/)
    .default('localhost'),
  WEBAUTHN_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://localhost:3300')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1)),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_KEY: z.string().optional(),
  SMS_SENDER_NAME: z.string().default('SawahMart'),
  // How often codes whose SMS failed are sent again (until they expire); 0 = never.
  SMS_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  OTP_SEND_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60 * 1000),
  OTP_SENDS_PER_NUMBER: z.coerce.number().int().positive().default(5),
  OTP_SENDS_PER_IP: z.coerce.number().int().positive().default(20),
  OTP_SENDS_GLOBAL: z.coerce.number().int().positive().default(1000),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  // docs/product/error-reporting.md: bug reports per client per minute.
  FEEDBACK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  // docs/product/vouchers.md (guessing codes), ADR 061: unknown or expired codes a staff member,
  // and all the staff of a branch together, may send to the counter per window before 429.
  COUNTER_CODE_MISSES_PER_STAFF: z.coerce.number().int().min(1).max(1000).default(10),
  COUNTER_CODE_MISSES_PER_BRANCH: z.coerce.number().int().min(1).max(1000).default(10),
  COUNTER_CODE_MISS_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // docs/product/vouchers.md (a code by SMS), ADR 063: codes a staff member, a branch, and one
  // number may have sent by SMS at the counter per window (an hour) before 429.
  COUNTER_SMS_PER_STAFF: z.coerce.number().int().min(1).max(1000).default(10),
  COUNTER_SMS_PER_BRANCH: z.coerce.number().int().min(1).max(10_000).default(30),
  COUNTER_SMS_PER_NUMBER: z.coerce.number().int().min(1).max(100).default(3),
  COUNTER_SMS_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(86_400_000)
    .default(60 * 60_000),
  // docs/product/error-reporting.md: off unless a DSN is given (Sentry's, or any service that
  // takes its envelopes).
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).optional(),
  // docs/reliability.md (Shared state): several instances share their counters through Redis.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// address')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}:$/, 'letters, digits, . - _ and a final colon')
    .default('padi:'),
  // docs/reliability.md (Files): an S3-compatible object store instead of the local disk.
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // docs/product/repayments.md (Paying by QR): the shop's collecting account in each market's QR
  // scheme. A market without one offers no QR (receipts only); demo mode has made-up ones.
  DUITNOW_ACQUIRER_ID: z.string().optional(),
  DUITNOW_MERCHANT_ID: z.string().optional(),
  DUITNOW_CATEGORY_CODE: z.string().default('6012'),
  DUITNOW_ACCOUNT_NAME: z.string().default('SawahMart Sdn Bhd'),
  DUITNOW_ACCOUNT_CITY: z.string().default('Alor Setar'),
  PROMPTPAY_BILLER_ID: z.string().optional(),
  PROMPTPAY_ACCOUNT_NAME: z.string().default('SawahMart Thailand'),
  PROMPTPAY_ACCOUNT_CITY: z.string().default('Suphan Buri'),
  // docs/product/repayments.md (A payment gateway's notice): where Opn Payments runs the
  // collecting account, its webhook secret (base64, as its dashboard gives it); unset, the shop
  // has no gateway and the statement alone repays QR payments.
  OPN_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'the webhook secret as base64')
    .refine((s) => Buffer.from(s, 'base64').length >= 16, 'a secret of 16 bytes or more')
    .optional(),
})
export type ApiConfig = z.infer<typeof ApiConfigSchema> & {
  demoMode: boolean
  dataDir: string
  jwtSecret: string
  otpSecret: string
  pinSecret: string
  filesDir: string
  fileKey: Buffer
  /** The collecting account of each market that offers repayment by QR. */
  collectingAccounts: Partial<Record<Market, CollectingAccount>>
}

/** Made-up accounts for demo mode: a demo shop's QR codes name no real account. */
const DEMO_ACCOUNTS = {
  duitnowAcquirer: '000000',
  duitnowMerchant: 'DEMO0001',
  promptpay: '000000000000000',
}

/**
 * docs/product/repayments.md (Paying by QR): each market's account from its variables, checked
 * against its scheme's shapes; a market with none configured (outside demo mode) has no QR.
 */
function collectingAccounts(
  config: z.infer<typeof ApiConfigSchema>,
  demoMode: boolean,
): Partial<Record<Market, CollectingAccount>> {
  const accounts: Partial<Record<Market, CollectingAccount>> = {}
  const acquirerId =
    config.DUITNOW_ACQUIRER_ID ?? (demoMode ? DEMO_ACCOUNTS.duitnowAcquirer : undefined)
  const merchantId =
    config.DUITNOW_MERCHANT_ID ?? (demoMode ? DEMO_ACCOUNTS.duitnowMerchant : undefined)
  if (acquirerId !== undefined || merchantId !== undefined)
    accounts.MY = {
      scheme: 'duitnow',
      acquirerId: acquirerId ?? '',
      merchantId: merchantId ?? '',
      categoryCode: config.DUITNOW_CATEGORY_CODE,
      name: config.DUITNOW_ACCOUNT_NAME,
      city: config.DUITNOW_ACCOUNT_CITY,
    }
  const billerId = config.PROMPTPAY_BILLER_ID ?? (demoMode ? DEMO_ACCOUNTS.promptpay : undefined)
  if (billerId !== undefined)
    accounts.TH = {
      scheme: 'promptpay',
      billerId,
      name: config.PROMPTPAY_ACCOUNT_NAME,
      city: config.PROMPTPAY_ACCOUNT_CITY,
    }
  for (const [market, account] of Object.entries(accounts)) {
    const problem = collectingAccountProblem(account)
    if (problem)
      throw new Error(
        `Invalid API configuration:\n  ${market === 'MY' ? 'DUITNOW' : 'PROMPTPAY'}_*: ${problem}`,
      )
  }
  return accounts
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = ApiConfigSchema.safeParse({
    ...env,
    DATABASE_URL: env.DATABASE_URL || undefined,
    SENTRY_DSN: env.SENTRY_DSN || undefined,
    REDIS_URL: env.REDIS_URL || undefined,
    S3_BUCKET: env.S3_BUCKET || undefined,
    S3_ENDPOINT: env.S3_ENDPOINT || undefined,
    OPN_WEBHOOK_SECRET: env.OPN_WEBHOOK_SECRET || undefined,
  })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`)
  }
  const config = parsed.data
  const dataDir = resolve(config.DATA_DIR)
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new Error('Invalid API configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http')
  }
  let demoMode: boolean
  try {
    demoMode = resolveDemoMode({
      setting: config.DEMO_MODE,
      databaseUrl: config.DATABASE_URL,
      smsProvider: config.SMS_PROVIDER,
    })
  } catch (error) {
    throw new Error(`Invalid API configuration:\n  DEMO_MODE: ${(error as Error).message}`)
  }
  const secrets =
    config.JWT_SECRET && config.OTP_SECRET && config.FILE_ENCRYPTION_KEY
      ? null
      : localSecrets(dataDir)
  return {
    ...config,
    demoMode,
    dataDir,
    jwtSecret: config.JWT_SECRET ?? secrets!.jwt,
    otpSecret: config.OTP_SECRET ?? secrets!.otp,
    pinSecret:
      config.PIN_SECRET ??
      Buffer.from(
        hkdfSync('sha256', config.OTP_SECRET ?? secrets!.otp, '', 'payment pin', 32),
      ).toString('base64url'),
    filesDir: resolve(config.FILES_DIR ?? join(dataDir, 'files')),
    fileKey: Buffer.from(config.FILE_ENCRYPTION_KEY ?? secrets!.files, 'base64url'),
    collectingAccounts: collectingAccounts(config, demoMode),
  }
}

/** Secrets made once per data folder, for a fresh clone that runs without any configuration. */
function localSecrets(dataDir: string): { jwt: string; otp: string; files: string } {
  const file = join(dataDir, 'secrets.json')
  const made = () => randomBytes(48).toString('base64url')
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; otp: string; files?: string })
    : null
  if (kept?.files) return kept as { jwt: string; otp: string; files: string }
  // A data folder from before uploads gets its file key added; the others stay as they were.
  const secrets = {
    jwt: kept?.jwt ?? made(),
    otp: kept?.otp ?? made(),
    files: randomBytes(32).toString('base64url'),
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return secrets
}
