import { z } from 'zod'
import { textBlock } from '../input-schemas.ts'
import { FEEDBACK_MESSAGE_MAX } from './feedback-limits.ts'

// docs/product/error-reporting.md (Report a Bug): what happened, in the user's words, and the
// page it happened on (a path of this site, never another address).

export const FeedbackSchema = z.object({
  message: textBlock({ error: 'validation.feedbackRequired' })
    .trim()
    .min(1, 'validation.feedbackRequired')
    .max(FEEDBACK_MESSAGE_MAX, 'validation.textTooLong'),
  page: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'validation.invalid')
    .default('/'),
})
export type Feedback = z.infer<typeof FeedbackSchema>

/** The back office's list of kept reports, newest first (docs/product/back-office.md). */
export const FeedbackListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        page: z.string(),
        message: z.string(),
        locale: z.string(),
        created_at: z.string(),
        user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
      }),
    ),
    next_before: z.number().int().nullable(),
  })
  .meta({ id: 'FeedbackList' })
export type FeedbackList = z.infer<typeof FeedbackListSchema>
