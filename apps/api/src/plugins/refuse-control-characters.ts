import type { FastifyInstance } from 'fastify'
import { DomainError } from '@padi/domain/errors'
import { CONTROL_CHARACTERS_KEY, hasForbiddenControlCharacter } from '@padi/domain/input-schemas'

type FieldError = { field: string; message: string }

function collect(value: unknown, path: string[], out: FieldError[], depth = 0) {
  if (out.length >= 20 || depth > 32) return
  if (typeof value === 'string') {
    if (hasForbiddenControlCharacter(value))
      out.push({ field: path.join('.'), message: CONTROL_CHARACTERS_KEY })
    return
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, [...path, String(i)], out, depth + 1))
    return
  }
  // Plain objects only: an upload's body is a Buffer, judged by its content elsewhere.
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (hasForbiddenControlCharacter(key))
        out.push({ field: [...path, key].join('.'), message: CONTROL_CHARACTERS_KEY })
      else collect(v, [...path, key], out, depth + 1)
    }
  }
}

/**
 * docs/security.md row 57: the one text rule, applied to every route before its own schema, so a
 * new route cannot forget it. No string a client sends (path, query or JSON body, keys included)
 * may hold U+0000 (PostgreSQL text cannot store it) or another control character; tab and line
 * breaks pass here and are refused by the schemas of single-line fields (textLine). The answer is
 * the same 400 as any field rule, naming the field.
 */
export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors: FieldError[] = []
    collect(request.params, [], errors)
    collect(request.query, [], errors)
    collect(request.body, [], errors)
    if (errors.length > 0)
      throw new DomainError('VALIDATION_FAILED', 'Validation failed', { extra: { errors } })
  })
}
