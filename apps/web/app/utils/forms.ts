import { z } from 'zod'
import type { Message } from '~/components/auth/form-alert.tsx'

export type FieldErrors = Record<string, string>

/** What a page's action answers when a form is refused: the fields' errors, the typed values, and
 * a message for the whole form. */
export type FormAnswer = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
}

/**
 * How a field reaches the schema. Text is what a form sends most; the other shapes are the ones
 * a plain HTML form can also send, so an action never needs to read the form data itself.
 * - text: the text, '' when the field was not sent.
 * - optional: the text, or undefined when empty or not sent (an optional choice left unchosen).
 * - list: every text sent under the name, in order (ticked boxes sharing a name, repeated fields).
 * - checkbox: true when the box was ticked (the field was sent at all).
 * - file: the first file sent under the name, as sent (an empty one when none was chosen), or
 *   undefined when the form had no such file field.
 * - files: every file sent under the name.
 * - group: the fields named `<name>-<key>` (one per row of a list), as { key: text }.
 */
export type FieldKind = 'text' | 'optional' | 'list' | 'checkbox' | 'file' | 'files' | 'group'

/** The fields a form is read for: names of text fields, or each name with how it is read. */
export type FormFields = readonly string[] | Readonly<Record<string, FieldKind>>

/**
 * A form read: the schema's answer, or the fields' errors. Either way `values` holds what was
 * typed (text fields, ticked boxes and group rows, never files), to refill the form.
 */
export type FormResult<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> }

function read(formData: FormData, name: string, kind: FieldKind, values: Record<string, string>) {
  const texts = () => formData.getAll(name).filter((v): v is string => typeof v === 'string')
  switch (kind) {
    case 'text':
    case 'optional': {
      const text = texts()[0] ?? ''
      values[name] = text
      return kind === 'optional' && text === '' ? undefined : text
    }
    case 'list':
      return texts()
    case 'checkbox': {
      const sent = texts()[0]
      if (sent !== undefined) values[name] = sent
      return sent !== undefined
    }
    case 'file':
      return formData.getAll(name).find((v): v is File => typeof v !== 'string')
    case 'files':
      return formData.getAll(name).filter((v): v is File => typeof v !== 'string')
    case 'group': {
      const rows: Record<string, string> = {}
      for (const [field, value] of formData) {
        if (!field.startsWith(`${name}-`) || typeof value !== 'string') continue
        rows[field.slice(name.length + 1)] = value
        values[field] = value
      }
      return rows
    }
  }
}

/**
 * Validates a submitted form with the same zod schema the API uses; messages are catalogue keys
 * so the page shows them in the reader's language. The one way an action reads its form (a lint
 * rule keeps it so): each field is named here with its shape, so a field the action does not
 * list never reaches it. A field's errors are keyed by its path ('address.en'), the first wins.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
  fields: FormFields,
): FormResult<z.infer<S>> {
  const kinds: [string, FieldKind][] = Array.isArray(fields)
    ? fields.map((name: string) => [name, 'text'])
    : Object.entries(fields as Readonly<Record<string, FieldKind>>)
  const values: Record<string, string> = {}
  const raw: Record<string, unknown> = {}
  for (const [name, kind] of kinds) raw[name] = read(formData, name, kind, values)
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { ok: true, data: parsed.data, values }
  const fieldErrors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_form'
    fieldErrors[key] ??= issue.message
  }
  return { ok: false, fieldErrors, values }
}

/** Field errors for a page that shows each as a message (a catalogue key with its placeholders). */
export function fieldMessages(fieldErrors: FieldErrors): Record<string, { key: string }> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, key]) => [field, { key }]))
}

/**
 * Which of a form's buttons sent it: the `intent` its button carries (or the field `name` a form
 * uses for it), read like any other field; undefined for none of these (a form sent with Enter,
 * or by a script, carries no button's value).
 */
export function formIntent<const I extends string>(
  formData: FormData,
  intents: readonly I[],
  name = 'intent',
): I | undefined {
  const form = parseForm(z.object({ [name]: z.string() }), formData, [name])
  const sent = form.ok ? form.data[name] : ''
  return intents.find((i) => i === sent)
}
