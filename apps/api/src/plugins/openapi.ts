import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import {
  API_TAGS,
  withAnswerDescriptions,
  withApiBase,
  withExamples,
  withRefusalsBeforeAnyRoute,
  withFileBodies,
  withoutSchemaIds,
  withoutUnusedSchemas,
} from '../openapi-document.ts'
import { HTTP_STATUS } from '../http-errors.ts'

/**
 * The API document at /api/openapi.json (and its browsable form at /api/docs), made from every
 * route's zod schemas; openapi-document.ts adds what zod cannot say (refusals, examples, files).
 */
export async function registerOpenApi(app: FastifyInstance, apiPrefix: string) {
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
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // docs/product/repayments.md (A payment gateway's notice): no token; the gateway's
          // HMAC over the timestamp and the raw body proves the notice.
          gatewaySignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Omise-Signature',
            description:
              'Hex HMAC-SHA256, with the webhook secret, of `<Omise-Signature-Timestamp>.<raw body>` (two, comma-separated, while the gateway rotates its secret); the timestamp within 300 seconds of the shop’s clock.',
          },
        },
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
        apiPrefix,
      ),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  )
}
