import { z } from 'zod'
import { ERROR_CODES } from '@padi/domain/errors'

/** Every error answer has this shape (docs/product/errors.md: statusCode, a stable code and message). */
export const ErrorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Field errors; message is a catalogue key such as validation.emailInvalid'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' })
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** The error answers a route declares in its schema, each with the one error shape. */
export function errorAnswers<S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >
}
