import Fastify, { type FastifyInstance } from 'fastify'
import etag from '@fastify/etag'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { DbHandle } from '@padi/db/client'
import { systemClock, type Clock } from './clock.ts'
import { createGuards } from './plugins/authenticate.ts'
import { createOtpService } from './modules/auth/otp.service.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
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
import type { ApiConfig } from './config.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { createBranchesRepository } from './modules/branches/branches.repository.ts'
import { createBranchesService } from './modules/branches/branches.service.ts'
import { branchesRoutes } from './modules/branches/branches.routes.ts'
import { createInterestRepository } from './modules/interest/interest.repository.ts'
import { createInterestService } from './modules/interest/interest.service.ts'
import { interestRoutes } from './modules/interest/interest.routes.ts'

export const API_PREFIX = '/api/v1'

/** Composition order as in fastify/demo: plugins, then modules, then error and 404 handlers. */
export async function buildApp(deps: {
  config: ApiConfig
  db: DbHandle
  clock?: Clock
  sms?: SmsProvider
}): Promise<FastifyInstance> {
  const { config, db } = deps
  const clock = deps.clock ?? systemClock
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy:
      config.TRUST_PROXY === 'true'
        ? true
        : config.TRUST_PROXY === 'false'
          ? false
          : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  })
  app.decorateRequest('auth', null)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  await app.register(helmet, {
    // The Swagger UI page needs its own inline script and styles; JSON answers need no CSP.
    contentSecurityPolicy: false,
  })
  // Weak ETags from the body; a matching If-None-Match answers 304 (issue 4: cacheable lists).
  await app.register(etag, { weak: true })
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
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
        description:
          'JSON API of the farm-input shop. The web app, the mobile app and branch devices use it.',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  )

  await app.register(healthRoutes, { ping: db.ping, kind: db.kind })
  await app.register(healthRoutes, { prefix: API_PREFIX, ping: db.ping, kind: db.kind })

  const branches = createBranchesService(createBranchesRepository(db.db))
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
  const otp = createOtpService({ db: db.db, config, clock, sms })
  const tokens = createTokenSigner(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS)
  const auth = createAuthService({ db: db.db, config, clock, otp, tokens })
  const guards = createGuards(auth)
  await app.register(
    async (v1) => {
      await v1.register(branchesRoutes, { branches })
      await v1.register(interestRoutes, { interest, rateLimitMax: config.INTEREST_RATE_LIMIT_MAX })
      await v1.register(authRoutes, {
        auth,
        guards,
        loginRateLimit: config.LOGIN_RATE_LIMIT_MAX,
        authRateLimit: config.AUTH_RATE_LIMIT_MAX,
      })
      await v1.register(adminRoutes, { auth, guards })
      await v1.register(productsRoutes, {
        products: createProductsService(createProductsRepository(db.db)),
        cache: createAnswerCache({
          ttlMs: config.CATALOGUE_CACHE_TTL_MS,
          maxBytes: config.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
        }),
      })
      await v1.register(staffRoutes, { db: db.db, guards })
      // Issue 3: the SMS outbox is readable outside production only.
      if (config.NODE_ENV !== 'production' || config.DEV_ENDPOINTS)
        await v1.register(devRoutes, { db: db.db })
    },
    { prefix: API_PREFIX },
  )
  return app
}
