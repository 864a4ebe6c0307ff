import Fastify, { type FastifyInstance } from 'fastify'
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
}): Promise<FastifyInstance> {
  const { config, db } = deps
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)

  await app.register(helmet, {
    // The Swagger UI page needs its own inline script and styles; JSON answers need no CSP.
    contentSecurityPolicy: false,
  })
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
  await app.register(
    async (v1) => {
      await v1.register(branchesRoutes, { branches })
      await v1.register(interestRoutes, { interest, rateLimitMax: config.INTEREST_RATE_LIMIT_MAX })
    },
    { prefix: API_PREFIX },
  )
  return app
}
