import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import etag from '@fastify/etag'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { DbHandle } from '@padi/db/client'
import { systemClock, type Clock } from './clock.ts'
import { createGuards, requireGuardsBeforeBody } from './plugins/authenticate.ts'
import { registerClientIp } from './plugins/client-ip.ts'
import { createOtpService, type OtpService } from './modules/auth/otp.service.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { createUsersService } from './modules/users/users.service.ts'
import { createTokenSigner } from './modules/auth/tokens.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { adminRoutes } from './modules/admin/admin.routes.ts'
import { staffRoutes } from './modules/staff/staff.routes.ts'
import { devRoutes } from './modules/dev/dev.routes.ts'
import { createConsoleSmsProvider } from './modules/sms/console-sms-provider.ts'
import { createHttpSmsProvider } from './modules/sms/http-sms-provider.ts'
import type { SmsProvider } from './modules/sms/sms-provider.ts'
import { createProductsRepository } from './modules/products/products.repository.ts'
import { createProductsService } from './modules/products/products.service.ts'
import { productsRoutes } from './modules/products/products.routes.ts'
import { createAnswerCache } from './modules/products/answer-cache.ts'
import { createContentWatch } from './modules/content/content-watch.ts'
import { createRedisClient } from './shared-state/redis-client.ts'
import type { Redis } from 'ioredis'
import type { ApiConfig } from './config.ts'
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
} from './plugins/error-handler.ts'
import { refuseControlCharacters } from './plugins/refuse-control-characters.ts'
import {
  API_TAGS,
  withAnswerDescriptions,
  withApiBase,
  withExamples,
  withRefusalsBeforeAnyRoute,
  withFileBodies,
  withoutSchemaIds,
  withoutUnusedSchemas,
} from './openapi-document.ts'
import { HTTP_STATUS } from './http-errors.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { createBranchesRepository } from './modules/branches/branches.repository.ts'
import { createBranchesService } from './modules/branches/branches.service.ts'
import { createBranchEditService } from './modules/branches/branch-edit.service.ts'
import { branchesRoutes } from './modules/branches/branches.routes.ts'
import { createInterestRepository } from './modules/interest/interest.repository.ts'
import { createInterestService } from './modules/interest/interest.service.ts'
import { interestRoutes } from './modules/interest/interest.routes.ts'
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts'
import { createFeedbackService } from './modules/feedback/feedback.service.ts'
import { errorReportingStarted, reportFeedback } from './observability/error-reporting.ts'
import { createCreditService } from './modules/credit/credit.service.ts'
import { creditRoutes } from './modules/credit/credit.routes.ts'
import { createPinService } from './modules/payment/pin.service.ts'
import { createBiometricsService } from './modules/biometrics/biometrics.service.ts'
import { biometricsRoutes } from './modules/biometrics/biometrics.routes.ts'
import { pinRoutes } from './modules/payment/pin.routes.ts'
import { createCartService } from './modules/cart/cart.service.ts'
import { cartRoutes } from './modules/cart/cart.routes.ts'
import { createAddressesService } from './modules/addresses/addresses.service.ts'
import { addressesRoutes } from './modules/addresses/addresses.routes.ts'
import { createEncryptedFileStore } from './modules/files/encrypted-file-store.ts'
import { createKycService } from './modules/kyc/kyc.service.ts'
import { kycRoutes } from './modules/kyc/kyc.routes.ts'
import { sweepUnreferencedFiles } from './modules/kyc/kyc-file-sweep.ts'
import { runKycRetention } from './modules/kyc/kyc-retention-job.ts'
import { runLateFees } from './modules/credit/late-fee-job.ts'
import { profileRoutes } from './modules/profile/profile.routes.ts'
import { createProfileService } from './modules/profile/profile.service.ts'
import { voucherIssueRoutes } from './modules/vouchers/voucher-issue.routes.ts'
import { createVoucherIssueService } from './modules/vouchers/voucher-issue.service.ts'
import { counterRoutes } from './modules/counter/counter.routes.ts'
import { createCounterService } from './modules/counter/counter.service.ts'
import { createCounterCodes } from './modules/counter/counter-codes.ts'
import { createCounterCodeLimits } from './modules/counter/counter-code-limits.ts'
import { createCounterSmsLimits } from './modules/counter/counter-sms-limits.ts'
import { renewalRoutes } from './modules/renewal/renewal.routes.ts'
import { createRenewalService } from './modules/renewal/renewal.service.ts'
import { lateRepaymentRoutes } from './modules/late-repayment/late-repayment.routes.ts'
import { createLateRepaymentService } from './modules/late-repayment/late-repayment.service.ts'
import { receiptsRoutes } from './modules/repayments/receipts.routes.ts'
import { createReceiptsService } from './modules/repayments/receipts.service.ts'
import { createClamdScanner, createTestSignatureScanner } from './modules/files/virus-scan.ts'
import { createKycReviewService } from './modules/kyc/kyc-review.service.ts'
import { kycReviewRoutes } from './modules/kyc/kyc-review.routes.ts'
import { createAuditLogService } from './modules/audit/audit-log.service.ts'
import { auditLogRoutes } from './modules/audit/audit-log.routes.ts'
import { createOrderDeskService } from './modules/order-desk/order-desk.service.ts'
import { orderDeskRoutes } from './modules/order-desk/order-desk.routes.ts'
import { runNotices } from './modules/notices/notice-job.ts'
import { startJobQueue, type JobQueue, type ScheduledJob } from './modules/jobs/job-queue.ts'
import { jobsRoutes } from './modules/jobs/jobs.routes.ts'
import { createProductPhotoStore } from './modules/files/product-photo-store.ts'
import {
  createS3Client,
  createS3FileStore,
  createS3PhotoStore,
} from './modules/files/s3-storage.ts'
import { createProductDeskService } from './modules/product-desk/product-desk.service.ts'
import { productDeskRoutes } from './modules/product-desk/product-desk.routes.ts'
import { createUserDeskService } from './modules/user-desk/user-desk.service.ts'
import { userDeskRoutes } from './modules/user-desk/user-desk.routes.ts'
import { createOrdersService } from './modules/orders/orders.service.ts'
import { ordersRoutes } from './modules/orders/orders.routes.ts'

export const API_PREFIX = '/api/v1'

declare module 'fastify' {
  interface FastifyInstance {
    /** One-time codes and their SMS, reachable for the retry job and tests. */
    otp: OtpService
    /** The Redis connection shared state goes through, when REDIS_URL is set. */
    redis: Redis | null
    /** From now on /readyz answers 503, so a load balancer sends this server no new requests. */
    drain: () => void
  }
}

/**
 * What the log must never hold (docs/security.md row 50): credentials travel in these headers;
 * bodies (passwords, codes) are not logged at all.
 */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-proxy-secret"]',
  'res.headers["set-cookie"]',
]

/** Composition order as in fastify/demo: plugins, then modules, then error and 404 handlers. */
export async function buildApp(deps: {
  config: ApiConfig
  db: DbHandle
  clock?: Clock
  sms?: SmsProvider
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: NodeJS.WritableStream
}): Promise<FastifyInstance> {
  const { config, db } = deps
  const clock = deps.clock ?? systemClock
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: REDACTED,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // A random id per request, logged with every line and returned as X-Request-Id, so a farmer's
    // 'error 500' can be found in the log without the answer carrying any internal detail.
    genReqId: () => randomUUID(),
    // Forwarded headers are judged by our own rule (plugins/client-ip.ts), never by Fastify's.
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // Refusals before any route, in the one error shape (plugins/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  })
  app.decorateRequest('auth', null)
  // A graceful stop (threat row 33): answers still under way when it starts finish, and carry
  // `Connection: close`, so a client that keeps connections open (the web server's pool) lets go
  // and the process exits at once rather than when the grace period runs out.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  registerClientIp(app, { trustedProxies: config.TRUST_PROXY, proxySecret: config.PROXY_SECRET })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  requireGuardsBeforeBody(app)
  refuseControlCharacters(app)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // Answers carry tokens and personal data: nothing is stored by a browser or a proxy unless a
    // route says otherwise (the public catalogue does).
    reply.header('cache-control', 'no-store')
  })

  await app.register(helmet, {
    // The Swagger UI page needs its own inline script and styles; JSON answers need no CSP.
    contentSecurityPolicy: false,
  })
  // Weak ETags from the body; a matching If-None-Match answers 304 (docs/product/shell.md: cacheable lists).
  await app.register(etag, { weak: true })
  // docs/reliability.md (Shared state): with REDIS_URL the limits count across every instance.
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, app.log) : null
  app.decorate('redis', redis)
  if (redis)
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())))
  await app.register(rateLimit, {
    ...(redis
      ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true }
      : {}),
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => request.clientIp,
    // The limiter's own 429 goes through our error handler so it has the one error shape.
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
    }),
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Padi shop API',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          'JSON API of the farm-input shop. The web app, the mobile app and branch devices use it.',
        version: '1.0.0',
        contact: { name: 'SawahMart API team' },
      },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: withRefusalsBeforeAnyRoute,
    transformObject: (input) =>
      withApiBase(
        withAnswerDescriptions(
          withExamples(
            withoutSchemaIds(
              withFileBodies(withoutUnusedSchemas(jsonSchemaTransformObject(input))),
            ),
          ),
          HTTP_STATUS,
        ),
        API_PREFIX,
      ),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  )

  // docs/reliability.md (Rolling restarts): a load balancer's check that this process takes
  // requests; unlike /healthz it does not ask the database, so PostgreSQL away does not take every
  // server out (they answer 503 with Retry-After themselves).
  let draining = false
  app.decorate('drain', () => {
    draining = true
  })
  app.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (_r, reply) =>
    reply.status(draining ? 503 : 200).send({ status: draining ? 'stopping' : 'ready' }),
  )
  await app.register(healthRoutes, { ping: db.ping, kind: db.kind, hidden: true })
  await app.register(healthRoutes, { prefix: API_PREFIX, ping: db.ping, kind: db.kind })

  // docs/reliability.md (Files): with S3_BUCKET every instance keeps files in one object store.
  const s3 = config.S3_BUCKET
    ? createS3Client({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : null
  if (s3) app.addHook('onClose', async () => s3.destroy())
  // Several API instances share one database: a change made on one drops the others' copies.
  const content = createContentWatch(db.db)
  const branches = createBranchesService(createBranchesRepository(db.db), Date.now, content.sync)
  content.onChange(() => branches.forget())
  const interest = createInterestService(createInterestRepository(db.db))
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
  // docs/reliability.md (Scheduled jobs): filled in as the modules they need are made; started
  // when the server is ready.
  const jobs: ScheduledJob[] = []
  // Codes whose send failed are retried by this job until they expire (ADR 019).
  if (config.SMS_RETRY_INTERVAL_MS > 0)
    jobs.push({
      name: 'sms-retry',
      everyMs: config.SMS_RETRY_INTERVAL_MS,
      run: async () => void (await otp.retryDue()),
    })
  app.addHook('onClose', async () => otp.drain())
  app.decorate('otp', otp)
  const tokens = createTokenSigner(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS)
  const auth = createAuthService({
    db: db.db,
    prepared: db.prepared,
    config,
    clock,
    otp,
    tokens,
  })
  const users = createUsersService({ db: db.db, auth })
  const guards = createGuards(auth)
  await app.register(
    async (v1) => {
      await v1.register(branchesRoutes, {
        branches,
        edit: createBranchEditService({ db: db.db, clock, forget: () => branches.forget() }),
        guards,
        db: db.db,
      })
      await v1.register(interestRoutes, { interest, rateLimitMax: config.INTEREST_RATE_LIMIT_MAX })
      await v1.register(authRoutes, {
        auth,
        guards,
        loginRateLimit: config.LOGIN_RATE_LIMIT_MAX,
        authRateLimit: config.AUTH_RATE_LIMIT_MAX,
      })
      await v1.register(adminRoutes, { users, guards, clock })
      await v1.register(feedbackRoutes, {
        feedback: createFeedbackService({
          db: db.db,
          destination: { configured: errorReportingStarted, send: reportFeedback },
        }),
        guards,
        rateLimitMax: config.FEEDBACK_RATE_LIMIT_MAX,
      })
      const catalogueCache = createAnswerCache({
        sync: content.sync,
        ttlMs: config.CATALOGUE_CACHE_TTL_MS,
        maxBytes: config.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
      })
      content.onChange(() => catalogueCache.clear())
      const photos = s3
        ? createS3PhotoStore({ client: s3, bucket: config.S3_BUCKET! })
        : createProductPhotoStore({ dir: config.filesDir })
      await v1.register(productDeskRoutes, {
        catalogue: createProductDeskService({
          db: db.db,
          clock,
          catalogue: createProductsRepository(db.db, db.prepared),
          photos,
          forget: () => catalogueCache.clear(),
        }),
        photos,
        guards,
      })
      await v1.register(productsRoutes, {
        products: createProductsService(createProductsRepository(db.db, db.prepared)),
        cache: catalogueCache,
      })
      await v1.register(staffRoutes, { users, guards })
      const credit = createCreditService({ db: db.db, clock })
      const pins = createPinService({
        db: db.db,
        clock,
        secret: config.pinSecret,
        otp,
        demoMode: config.demoMode,
      })
      await v1.register(creditRoutes, { credit, guards })
      await v1.register(cartRoutes, { cart: createCartService({ db: db.db }), guards })
      const files = s3
        ? createS3FileStore({ client: s3, bucket: config.S3_BUCKET!, key: config.fileKey })
        : createEncryptedFileStore({ dir: config.filesDir, key: config.fileKey })
      // ADR 042: remains of writes that died and files no record points at, once a period across
      // all servers (what a crash left goes within the period, an hour by default).
      if (config.FILE_SWEEP_INTERVAL_MS > 0)
        jobs.push({
          name: 'file-sweep',
          everyMs: config.FILE_SWEEP_INTERVAL_MS,
          run: async () => {
            // docs/product/credit.md (Keeping KYC data): data past its time goes first, then any
            // file no record names.
            await runKycRetention(db.db, files, clock.now())
            await Promise.all([files.sweep(), sweepUnreferencedFiles(db.db, files, clock.now())])
          },
        })
      // docs/product/credit.md (Late fees): safe however often and wherever it runs.
      if (config.LATE_FEE_INTERVAL_MS > 0)
        jobs.push({
          name: 'late-fees',
          everyMs: config.LATE_FEE_INTERVAL_MS,
          run: async () => {
            const run = await runLateFees(db.db, clock.now())
            if (run.charged > 0) v1.log.info({ run }, 'late fees added')
            return run
          },
        })
      // docs/product/notices.md: each notice goes once, however many servers run it.
      if (config.NOTICE_INTERVAL_MS > 0)
        jobs.push({
          name: 'notices',
          everyMs: config.NOTICE_INTERVAL_MS,
          run: async () => {
            const run = await runNotices(db.db, otp, clock.now())
            if (run.sent > 0) v1.log.info({ run }, 'notices sent')
            return run
          },
        })
      const scanner = config.CLAMD_HOST
        ? createClamdScanner({ host: config.CLAMD_HOST, port: config.CLAMD_PORT })
        : createTestSignatureScanner()
      await v1.register(kycRoutes, {
        kyc: createKycService({ db: db.db, clock, files, scanner }),
        guards,
      })
      const counter = createCounterService({
        db: db.db,
        clock,
        codes: createCounterCodes({ db: db.db, secret: config.jwtSecret }),
        // docs/product/vouchers.md (guessing codes): counted across instances through Redis.
        limits: createCounterCodeLimits({
          db: db.db,
          clock,
          redis,
          keyPrefix: config.REDIS_KEY_PREFIX,
          log: app.log,
          settings: {
            perStaff: config.COUNTER_CODE_MISSES_PER_STAFF,
            perBranch: config.COUNTER_CODE_MISSES_PER_BRANCH,
            windowMs: config.COUNTER_CODE_MISS_WINDOW_MS,
          },
        }),
        // docs/product/vouchers.md (a code by SMS): through the one SMS outbox and its caps.
        sms: otp,
        smsLimits: createCounterSmsLimits({
          perStaff: config.COUNTER_SMS_PER_STAFF,
          perBranch: config.COUNTER_SMS_PER_BRANCH,
          perNumber: config.COUNTER_SMS_PER_NUMBER,
          windowMs: config.COUNTER_SMS_WINDOW_MS,
        }),
      })
      const desk = createOrderDeskService({ db: db.db, clock })
      await v1.register(receiptsRoutes, {
        receipts: createReceiptsService({ db: db.db, clock, files, scanner, sms: otp }),
        guards,
      })
      await v1.register(lateRepaymentRoutes, {
        lateRepayment: createLateRepaymentService({
          db: db.db,
          clock,
          otp,
          tokens,
          files,
          scanner,
        }),
        guards,
        authRateLimit: config.AUTH_RATE_LIMIT_MAX,
      })
      await v1.register(renewalRoutes, {
        renewals: createRenewalService({ db: db.db, clock, files, sms: otp }),
        guards,
      })
      await v1.register(counterRoutes, {
        counter,
        guards,
        clock,
      })
      await v1.register(profileRoutes, {
        profile: createProfileService({ db: db.db, clock, otp, auth }),
        guards,
        authRateLimit: config.AUTH_RATE_LIMIT_MAX,
      })
      await v1.register(orderDeskRoutes, { desk, guards })
      await v1.register(userDeskRoutes, {
        people: createUserDeskService({ db: db.db, clock, auth, credit, counter, desk }),
        guards,
      })
      await v1.register(voucherIssueRoutes, {
        issue: createVoucherIssueService({ db: db.db, clock }),
        guards,
      })
      await v1.register(auditLogRoutes, { audit: createAuditLogService({ db: db.db }), guards })
      await v1.register(kycReviewRoutes, {
        review: createKycReviewService({
          db: db.db,
          clock,
          files,
          ratePerHectareMinor: {
            MY: config.CREDIT_RATE_MY_MINOR_PER_HA,
            TH: config.CREDIT_RATE_TH_MINOR_PER_HA,
          },
          sms: otp,
        }),
        guards,
      })
      await v1.register(addressesRoutes, {
        addresses: createAddressesService({ db: db.db }),
        guards,
      })
      await v1.register(pinRoutes, { pins, guards, rateLimitMax: config.AUTH_RATE_LIMIT_MAX })
      const biometrics = createBiometricsService({
        db: db.db,
        clock,
        webauthn: {
          rpId: config.WEBAUTHN_RP_ID,
          rpName: 'SawahMart',
          origins: config.WEBAUTHN_ORIGINS,
        },
        // ADR 060: adding a device needs the PIN (or a code by SMS), and is told by SMS.
        pins,
        sms: otp,
        smsProduct: config.SMS_SENDER_NAME,
      })
      await v1.register(biometricsRoutes, {
        biometrics,
        guards,
        rateLimitMax: config.AUTH_RATE_LIMIT_MAX,
      })
      await v1.register(ordersRoutes, {
        orders: createOrdersService({
          db: db.db,
          prepared: db.prepared,
          checkSession: auth.checkSession,
          clock,
          credit,
          pins,
          biometrics,
          isolation: config.ORDER_ISOLATION,
          shipping: {
            MY: {
              feeMinor: config.SHIPPING_FEE_MY_MINOR,
              freeFromMinor: config.SHIPPING_FREE_FROM_MY_MINOR || null,
            },
            TH: {
              feeMinor: config.SHIPPING_FEE_TH_MINOR,
              freeFromMinor: config.SHIPPING_FREE_FROM_TH_MINOR || null,
            },
          },
        }),
        guards,
        rateLimitMax: config.AUTH_RATE_LIMIT_MAX,
      })
      // docs/product/demo-mode.md: the SMS outbox exists only in demo mode (and is then listed
      // in the OpenAPI document; otherwise the route does not exist at all).
      if (config.demoMode) await v1.register(devRoutes, { db: db.db, otp })
      await v1.register(jobsRoutes, { queue: () => queue, guards })
    },
    { prefix: API_PREFIX },
  )
  let queue: JobQueue | null = null
  app.addHook('onReady', async () => {
    if (jobs.length === 0) return
    queue = await startJobQueue({
      database: db.embedded ? { pglite: db.embedded } : { connectionString: db.connectionString! },
      jobs,
      log: app.log,
      retryLimit: config.JOB_RETRY_LIMIT,
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    })
  })
  app.addHook('onClose', async () => queue?.stop())
  return app
}
