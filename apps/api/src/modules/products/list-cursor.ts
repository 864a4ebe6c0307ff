import { cursorSchemaFor } from '@padi/domain/catalogue/cursor-schemas'
import type { ProductListQuery } from '@padi/domain/catalogue/schemas'
import { DomainError } from '@padi/domain/errors'

/** A list cursor: the sort keys of the last row shown, opaque to the client (ADR 015). */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

/**
 * The cursor of a list query, checked against the list's order before it reaches SQL: a forged
 * or stale one answers 400 (docs/security.md "forged catalogue cursors"). Null on the first page.
 */
export function readCursor(query: ProductListQuery): (string | number)[] | null {
  if (!query.cursor) return null
  const parsed = cursorSchemaFor(query).safeParse(decode(query.cursor))
  if (!parsed.success) {
    throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
      extra: { errors: [{ field: 'cursor', message: 'validation.invalid' }] },
    })
  }
  return parsed.data
}
