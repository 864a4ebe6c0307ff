import { z } from 'zod'
import { IdTextSchema, INT4_MAX, textLine } from '../input-schemas.ts'
import { SORT_KEYS, type ProductSort, type SortKey } from './catalogue.ts'

export const ProductIdSchema = IdTextSchema

/** Text a PostgreSQL text column can hold: one line, bounded length. */
export const DbTextSchema = (max: number) => textLine().max(max)

const id = z.number().int().min(1).max(INT4_MAX)
const price = z.number().int().min(0).max(INT4_MAX)
const text = DbTextSchema(300)
const tier = z.union([z.literal(0), z.literal(1)])

/**
 * docs/security.md "forged catalogue cursors": a cursor is ours, but it comes back from the
 * client, so each value is checked against the type and range of the column it is compared with
 * before it reaches SQL. The shape follows the list's order (ADR 015): price then id; brand, name
 * then id; name then id; and while searching without a sort, part (0 names, 1 the rest), name, id.
 */
const KEY_SCHEMAS: Record<SortKey, z.ZodType<string | number>> = {
  sort_title: text,
  sort_brand: text,
  price,
  id,
}

export function cursorSchemaFor(query: { sort?: ProductSort | undefined; q?: string | undefined }) {
  if (query.q && !query.sort) return z.tuple([tier, text, id])
  const [first, ...rest] = SORT_KEYS[query.sort ?? 'title_asc'].keys.map((k) => KEY_SCHEMAS[k])
  return z.tuple([first!, ...rest])
}
