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
        apiPrefix,
      ),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  app.get('/api/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  )
}
