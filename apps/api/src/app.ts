import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import etag from '@fastify/etag'
import helmet from '@fastify/helmet'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { DbHandle } from '@padi/db/client'
import { systemClock, type Clock } from './clock.ts'
import type { ApiConfig } from './config.ts'
import { createAppContext, type ApiModule } from './app-context.ts'
import { requireGuardsBeforeBody } from './plugins/authenticate.ts'
import { registerClientIp } from './plugins/client-ip.ts'
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
} from './plugins/error-handler.ts'
import { refuseControlCharacters } from './plugins/refuse-control-characters.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerRateLimits } from './plugins/rate-limits.ts'
import { registerReadiness } from './plugins/readiness.ts'
import type { OtpService } from './modules/auth/otp.service.ts'
import type { SmsProvider } from './modules/sms/sms-provider.ts'
import { addressesModule } from './modules/addresses/addresses.module.ts'
import { adminModule } from './modules/admin/admin.module.ts'
import { auditModule } from './modules/audit/audit.module.ts'
import { authModule } from './modules/auth/auth.module.ts'
import { biometricsModule } from './modules/biometrics/biometrics.module.ts'
import { branchesModule } from './modules/branches/branches.module.ts'
import { cartModule } from './modules/cart/cart.module.ts'
import { counterModule } from './modules/counter/counter.module.ts'
import { creditModule } from './modules/credit/credit.module.ts'
import { devModule } from './modules/dev/dev.module.ts'
import { feedbackModule } from './modules/feedback/feedback.module.ts'
import { healthModule } from './modules/health/health.module.ts'
import { interestModule } from './modules/interest/interest.module.ts'
import { jobsModule } from './modules/jobs/jobs.module.ts'
import { kycModule } from './modules/kyc/kyc.module.ts'
import { lateRepaymentModule } from './modules/late-repayment/late-repayment.module.ts'
import { noticesModule } from './modules/notices/notices.module.ts'
import { orderDeskModule } from './modules/order-desk/order-desk.module.ts'
import { ordersModule } from './modules/orders/orders.module.ts'
import { paymentModule } from './modules/payment/payment.module.ts'
import { productDeskModule } from './modules/product-desk/product-desk.module.ts'
import { productsModule } from './modules/products/products.module.ts'
import { profileModule } from './modules/profile/profile.module.ts'
import { renewalModule } from './modules/renewal/renewal.module.ts'
import { repaymentsModule } from './modules/repayments/repayments.module.ts'
import { staffModule } from './modules/staff/staff.module.ts'
import { userDeskModule } from './modules/user-desk/user-desk.module.ts'
import { vouchersModule } from './modules/vouchers/vouchers.module.ts'

export const API_PREFIX = '/api/v1'

/**
 * Every feature, in the order its operations appear in the API document. A module registers its
 * own routes, hooks and scheduled jobs (docs/architecture.md, Modules); the jobs module comes last
 * because it starts the jobs the others scheduled.
 */
const MODULES: readonly ApiModule[] = [
  healthModule,
  branchesModule,
  interestModule,
  authModule,
  adminModule,
  feedbackModule,
  productDeskModule,
  productsModule,
  staffModule,
  creditModule,
  cartModule,
  kycModule,
  repaymentsModule,
  lateRepaymentModule,
  renewalModule,
  counterModule,
  profileModule,
  orderDeskModule,
  userDeskModule,
  vouchersModule,
  auditModule,
  addressesModule,
  paymentModule,
  biometricsModule,
  ordersModule,
  noticesModule,
  devModule,
  jobsModule,
]

declare module 'fastify' {
  interface FastifyInstance {
    /** One-time codes and their SMS, reachable for the retry job and tests. */
    otp: OtpService
    /** The Redis connection shared state goes through, when REDIS_URL is set. */
    redis: Redis | null
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
  // The Swagger UI page needs its own inline script and styles; JSON answers need no CSP.
  await app.register(helmet, { contentSecurityPolicy: false })
  // Weak ETags from the body; a matching If-None-Match answers 304 (docs/product/shell.md: cacheable lists).
  await app.register(etag, { weak: true })
  // ioredis is loaded only when Redis is configured: about 18 MB of memory that a single server
  // does not need (docs/performance.md, Memory).
  const redis = config.REDIS_URL
    ? (await import('./shared-state/redis-client.ts')).createRedisClient(config.REDIS_URL, app.log)
    : null
  app.decorate('redis', redis)
  if (redis)
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())))
  await registerRateLimits(app, config, redis)
  await registerOpenApi(app, API_PREFIX)
  await registerReadiness(app, db)

  const ctx = await createAppContext(app, {
    config,
    db,
    clock: deps.clock ?? systemClock,
    redis,
    ...(deps.sms ? { sms: deps.sms } : {}),
  })
  app.decorate('otp', ctx.otp)
  await app.register(
    async (v1) => {
      for (const module of MODULES) await v1.register(module, { ctx })
    },
    { prefix: API_PREFIX },
  )
  return app
}
