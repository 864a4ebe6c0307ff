import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DomainError, type ErrorCode } from '@padi/domain/errors'
import { HTTP_STATUS } from '../http-errors.ts'
import type { ErrorResponse } from '../error-schema.ts'

function send(code: ErrorCode, message: string, errors?: ErrorResponse['errors']): ErrorResponse {
  return { statusCode: HTTP_STATUS[code], code, message, ...(errors ? { errors } : {}) }
}

/** Maps every thrown error to the one JSON error shape; 5xx details never reach the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field, the first: it is the one to fix first (empty before too short).
      const errors: { field: string; message: string }[] = []
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
        if (!errors.some((e) => e.field === field))
          errors.push({ field, message: v.message ?? 'validation.invalid' })
      }
      return reply.status(400).send(send('VALIDATION_FAILED', 'Validation failed', errors))
    }
    if (error instanceof DomainError) {
      const body = { ...send(error.code, error.message), ...error.extra }
      if (body.statusCode >= 500) request.log.error({ err: error }, 'domain error')
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))))
      }
      return reply.status(body.statusCode).send(body)
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return reply.status(429).send(send('RATE_LIMITED', 'Too many requests'))
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED'
      return reply.status(status).send({ statusCode: status, code, message: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(send('INTERNAL', 'An unexpected error occurred.'))
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url
    reply.status(404).send(send('ROUTE_NOT_FOUND', `Route not found: ${request.method} ${path}`))
  })
}
