import type { z } from 'zod'

export type FieldErrors = Record<string, string>

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
