import type { z } from 'zod'
import type { Message } from '~/components/auth/form-alert.tsx'

export type FieldErrors = Record<string, string>

/** What a page's action answers when a form is refused: the fields' errors, the typed values, and
 * a message for the whole form. */
export type FormAnswer = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
}

export type FormResult<T> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> }

/**
 * Validates a submitted form with the same zod schema the API uses; messages are catalogue keys
 * so the page shows them in the reader's language. The typed values go back to refill the form.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
  fields: readonly string[],
): FormResult<z.infer<S>> {
  const values: Record<string, string> = {}
  for (const name of fields) {
    const v = formData.get(name)
    values[name] = typeof v === 'string' ? v : ''
  }
  const parsed = schema.safeParse(values)
  if (parsed.success) return { ok: true, data: parsed.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_form'
    fieldErrors[key] ??= issue.message
  }
  return { ok: false, fieldErrors, values }
}
