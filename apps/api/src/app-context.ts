import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Redis } from 'ioredis'
import type { DbHandle } from '@padi/db/client'
import type { ApiConfig } from './config.ts'
import type { Clock } from './clock.ts'
import { createGuards, type Guards } from './plugins/authenticate.ts'
import { createOtpService, type OtpService } from './modules/auth/otp.service.ts'
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts'
import { createTokenSigner, type TokenSigner } from './modules/auth/tokens.ts'
import { createConsoleSmsProvider } from './modules/sms/console-sms-provider.ts'
import { createHttpSmsProvider } from './modules/sms/http-sms-provider.ts'
import type { SmsProvider } from './modules/sms/sms-provider.ts'
import { createContentWatch, type ContentWatch } from './modules/content/content-watch.ts'
import { createEncryptedFileStore, type FileStore } from './modules/files/encrypted-file-store.ts'
import {
  createProductPhotoStore,
  type ProductPhotoStore,
} from './modules/files/product-photo-store.ts'
import {
  createClamdScanner,
  createTestSignatureScanner,
  type VirusScanner,
} from './modules/files/virus-scan.ts'
import type { ScheduledJob } from './modules/jobs/job-queue.ts'

/**
 * What every module may use (docs/architecture.md, Modules): the configuration, the database,
 * the clock, and the shared services no single feature owns (sign-in and its guards, one-time
 * codes and the SMS outbox, file and photo stores, the virus scanner, the content watch). A
 * module reaches another module's service through that module's `*.module.ts` accessor, which
 * makes it once per app with `shared` so state such as counters is never split in two.
 */
export type AppContext = {
  config: ApiConfig
  db: DbHandle
  clock: Clock
  log: FastifyBaseLogger
  redis: Redis | null
  otp: OtpService
  tokens: TokenSigner
  auth: AuthService
  guards: Guards
  /** Sealed files (KYC, receipts, contracts); `sweep` removes what died half-written. */
  files: FileStore & { sweep(): Promise<number> }
  photos: ProductPhotoStore
  scanner: VirusScanner
  content: ContentWatch
  /** One instance per app of what `make` builds, under `name`. */
  shared: <T>(name: string, make: () => T) => T
  /** docs/reliability.md (Scheduled jobs): a module's job, run by the job queue once ready. */
  schedule: (job: ScheduledJob) => void
  /** Every job the modules scheduled (read by the jobs module when the server is ready). */
  scheduled: () => readonly ScheduledJob[]
}

/** A feature: registers its routes (under /api/v1), hooks and jobs. */
export type ApiModule = FastifyPluginAsync<{ ctx: AppContext }>

/**
 * docs/reliability.md (Files): with S3_BUCKET every instance keeps files in one object store. The
 * AWS SDK is loaded only then: about 15 MB of memory that a server keeping its files on its own
 * disk does not need (docs/performance.md, Memory).
 */
async function s3Stores(config: ApiConfig, bucket: string) {
  const { createS3Client, createS3FileStore, createS3PhotoStore } =
    await import('./modules/files/s3-storage.ts')
  const client = createS3Client({
    bucket,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  })
  return {
    client,
    files: createS3FileStore({ client, bucket, key: config.fileKey }),
    photos: createS3PhotoStore({ client, bucket }),
  }
}

export async function createAppContext(
  app: FastifyInstance,
  deps: {
    config: ApiConfig
    db: DbHandle
    clock: Clock
    redis: Redis | null
    sms?: SmsProvider
  },
): Promise<AppContext> {
  const { config, db, clock, redis } = deps
  const s3 = config.S3_BUCKET ? await s3Stores(config, config.S3_BUCKET) : null
  if (s3) app.addHook('onClose', async () => s3.client.destroy())
  const sms =
    deps.sms ??
    (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
      ? createHttpSmsProvider({
          url: config.SMS_HTTP_URL,
          apiKey: config.SMS_HTTP_KEY,
          sender: config.SMS_SENDER_NAME,
        })
      : createConsoleSmsProvider(app.log))
  const otp = createOtpService({ db: db.db, config, clock, sms, log: app.log })
  app.addHook('onClose', async () => otp.drain())
  const tokens = createTokenSigner(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS)
  const auth = createAuthService({ db: db.db, prepared: db.prepared, config, clock, otp, tokens })
  const made = new Map<string, unknown>()
  const jobs: ScheduledJob[] = []
  return {
    config,
    db,
    clock,
    log: app.log,
    redis,
    otp,
    tokens,
    auth,
    guards: createGuards(auth),
    files: s3?.files ?? createEncryptedFileStore({ dir: config.filesDir, key: config.fileKey }),
    photos: s3?.photos ?? createProductPhotoStore({ dir: config.filesDir }),
    scanner: config.CLAMD_HOST
      ? createClamdScanner({ host: config.CLAMD_HOST, port: config.CLAMD_PORT })
      : createTestSignatureScanner(),
    // Several API instances share one database: a change made on one drops the others' copies.
    content: createContentWatch(db.db),
    shared: <T>(name: string, make: () => T): T => {
      if (!made.has(name)) made.set(name, make())
      return made.get(name) as T
    },
    schedule: (job) => void jobs.push(job),
    scheduled: () => jobs,
  }
}
