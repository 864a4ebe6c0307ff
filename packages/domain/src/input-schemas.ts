import { z } from 'zod'

/**
 * docs/security.md rows 57 and 58: the one rule for every text and whole number a client sends.
 * Every table column that holds an id or a count is a PostgreSQL `integer`, and a text column
 * cannot hold U+0000 at all, so input outside these bounds would otherwise reach the database and
 * fail there as a server error. The schemas below say the same bounds in the API document.
 */

/** The largest value of a PostgreSQL integer column (ids, counts, prices in minor units). */
export const INT4_MAX = 2_147_483_647

/** The catalogue key of the message for text that holds a control character. */
export const CONTROL_CHARACTERS_KEY = 'validation.controlCharacters'

/**
 * One line of text: no control character at all (C0, DEL and C1), so not even a line break. The
 * pattern is written with escapes only, so it means the same in every client's regular expressions.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const TEXT_LINE_PATTERN = /^[^\u0000-\u001F\u007F-\u009F]*$/

/** Text of several lines (a message, a reason): tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const TEXT_BLOCK_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/

/** A control character that no text field accepts, the line breaks of multi-line text aside. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEVER_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** Whether a text holds a character that no field of the shop accepts (U+0000 first of all). */
export function hasForbiddenControlCharacter(value: string): boolean {
  return NEVER_IN_TEXT.test(value)
}

/**
 * A single-line text input: a name, a code, a search. `error` is the message key for a value that
 * is not text at all (a missing required field, usually).
 */
export function textLine(options: { error?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .regex(TEXT_LINE_PATTERN, CONTROL_CHARACTERS_KEY)
}

/** A multi-line text input: tab and line breaks allowed, no other control character. */
export function textBlock(options: { error?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .regex(TEXT_BLOCK_PATTERN, CONTROL_CHARACTERS_KEY)
}

/** The message of an id that cannot be one: a catalogue key, as every field message is. */
const NOT_AN_ID = 'validation.invalid'

/** A row id in a JSON body: a positive PostgreSQL integer. */
export const IdSchema = z
  .number({ error: NOT_AN_ID })
  .int(NOT_AN_ID)
  .min(1, NOT_AN_ID)
  .max(INT4_MAX, NOT_AN_ID)

/** A row id in a path or query string, where it arrives as text. */
export const IdTextSchema = z.coerce
  .number({ error: NOT_AN_ID })
  .int(NOT_AN_ID)
  .min(1, NOT_AN_ID)
  .max(INT4_MAX, NOT_AN_ID)

/** The path parameters of a route that acts on one row: `{id}`. */
export const IdParamsSchema = z.object({ id: IdTextSchema })
