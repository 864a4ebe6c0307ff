import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DomainError, type ErrorCode } from '@padi/domain/errors'
import { apiMessageText } from '@padi/domain/i18n/api-messages'
import { isLocale, localeFromAcceptLanguage, type Locale } from '@padi/domain/i18n/locales'
import { HTTP_STATUS, PROBLEM_TYPES } from '../http-errors.ts'
import type { ErrorResponse } from '../error-schema.ts'
import { reportError } from '../observability/error-reporting.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts'

function send(code: ErrorCode, message: string, errors?: ErrorResponse['errors']): ErrorResponse {
  return { statusCode: HTTP_STATUS[code], code, message, ...(errors ? { errors } : {}) }
}

/**
 * The language of a refusal's texts: the operation's own `locale` parameter when it has one, else
 * the request's Accept-Language, else English (docs/product/errors.md, How errors are shown).
 */
function refusalLocale(request: FastifyRequest): Locale {
  const asked = (request.query as { locale?: unknown } | undefined)?.locale
  if (isLocale(asked)) return asked
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en'
}

/**
 * Each catalogue key a refusal carries (a field's `message`, the answer's `message_key`) comes with
 * its text in the caller's language, so an app without our catalogues can show it to a farmer.
 * A field message that is not one of our keys (a schema's own wording) is said as "not valid".
 */
function withTexts<B extends { errors?: ErrorResponse['errors'] }>(
  request: FastifyRequest,
  body: B,
): B {
  const locale = refusalLocale(request)
  const text = (key: string) =>
    apiMessageText(locale, key) ?? apiMessageText(locale, 'validation.invalid')!
  const keyed = body as B & { message_key?: unknown }
  return {
    ...body,
    ...(body.errors ? { errors: body.errors.map((e) => ({ ...e, text: text(e.message) })) } : {}),
    ...(typeof keyed.message_key === 'string' ? { text: text(keyed.message_key) } : {}),
  }
}

/**
 * RFC 9457: answers a client must tell apart from others with the same status (a suspended
 * account's 403, docs/security.md row 55) say so with a problem type and media type.
 */
function withProblemType(reply: FastifyReply, code: ErrorCode, body: ErrorResponse) {
  const type = PROBLEM_TYPES[code]
  if (!type) return body
  reply.type('application/problem+json')
  return { type, title: body.message, status: body.statusCode, ...body }
}

/**
 * Maps every thrown error to the one JSON error shape. An answer of 500 or more never carries an
 * internal detail (docs/security.md row 51): it says what happened in general and gives the
 * request id, under which the details are logged.
 */
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
      return reply
        .status(400)
        .send(withTexts(request, send('VALIDATION_FAILED', 'Validation failed', errors)))
    }
    // docs/reliability.md (PostgreSQL away): not a bug but a wait; the pool reconnects by itself.
    if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return reply.status(503).send({
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: 'The service is busy. Please try again in a moment.',
        requestId: request.id,
      })
    }
    const status =
      error instanceof DomainError ? HTTP_STATUS[error.code] : (error.statusCode ?? 500)
    if (status >= 500) {
      // Every 503 says when to come back (a client's retry loop waits that long).
      if (status === 503 && !reply.hasHeader('retry-after'))
        reply.header(
          'retry-after',
          String(
            error instanceof DomainError && error.retryAfterSeconds !== undefined
              ? Math.max(1, Math.ceil(error.retryAfterSeconds))
              : DATABASE_RETRY_AFTER_SECONDS,
          ),
        )
      request.log.error({ err: error }, 'server error')
      // docs/product/error-reporting.md: the unexpected ones (a 503 of a database away is not a bug).
      if (status !== 503) reportError(error, request.id)
      const code: ErrorCode =
        error instanceof DomainError
          ? error.code
          : status === 503
            ? 'DATABASE_UNAVAILABLE'
            : 'INTERNAL'
      const message =
        error instanceof DomainError && code !== 'INTERNAL'
          ? error.message
          : 'An unexpected error occurred.'
      return reply.status(status).send({ statusCode: status, code, message, requestId: request.id })
    }
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))))
      }
      const body = withTexts(request, { ...send(error.code, error.message), ...error.extra })
      return reply.status(status).send(withProblemType(reply, error.code, body))
    }
    if (status === 429) {
      // Every 429 says when to come back (RFC 6585 section 4, docs/security.md row 55).
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '60')
      return reply.status(429).send(send('RATE_LIMITED', 'Too many requests'))
    }
    // Fastify's own refusals of a body it cannot take (too large, a media type no route reads,
    // JSON that does not parse), with the code of their status: an app reads them as any other.
    const code: ErrorCode = FASTIFY_REFUSALS[status] ?? 'VALIDATION_FAILED'
    const message =
      code === 'BODY_TOO_LARGE'
        ? 'The request body is larger than this operation takes'
        : error.message
    return reply.status(HTTP_STATUS[code]).send(send(code, message))
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url
    reply.status(404).send(send('ROUTE_NOT_FOUND', `Route not found: ${request.method} ${path}`))
  })
}

/** The statuses of Fastify's own refusals that have a code of their own; any other is a 400. */
const FASTIFY_REFUSALS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'CONTENT_TYPE_UNSUPPORTED',
}

/**
 * Fastify's router refuses some addresses before any route or hook runs (a path parameter longer
 * than any id or name, a malformed escape); they answer in the one error shape too, so an app
 * reads every refusal the same way (the document declares them on every operation).
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'VALIDATION_FAILED'
  void reply
    .status(HTTP_STATUS[code])
    .send(send(code, code === 'URI_TOO_LONG' ? 'A part of the address is too long' : error.message))
}

/**
 * Node refuses a request it cannot read (headers over its limit, one that does not arrive in
 * time, a malformed one) before Fastify sees it. Fastify's own answer to those has no `code`;
 * this one is in the one error shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    'VALIDATION_FAILED',
    'The request could not be read',
  ]
  const status = HTTP_STATUS[code]
  const body = JSON.stringify(send(code, message))
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}

/** Node's client errors that have a code of their own; any other is a request it cannot read. */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request did not arrive in time'],
}
