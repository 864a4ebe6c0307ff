import type { Db } from '@padi/db/client'
import type { Feedback } from '@padi/domain/feedback/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import { scrubText } from '@padi/domain/privacy/scrub-personal-data'
import { createFeedbackRepository } from './feedback.repository.ts'

export type FeedbackDestination = {
  /** Whether an error-reporting service takes the report (then it is not kept here). */
  configured: () => boolean
  send: (feedback: { message: string; page: string; locale: string }) => void
}

const PAGE_SIZE = 50

/**
 * docs/product/error-reporting.md (Report a Bug): a description and its page go to the
 * error-reporting service when one is configured, else into our own table, which admins read.
 */
export function createFeedbackService(deps: { db: Db; destination: FeedbackDestination }) {
  const { db, destination } = deps
  const repo = createFeedbackRepository(db)
  return {
    async submit(input: Feedback & { locale: Locale; userId: number | null }) {
      // An address may carry a secret (a late-repayment link's token): never kept or sent.
      const page = scrubText(input.page)
      if (destination.configured()) {
        destination.send({ message: input.message, page, locale: input.locale })
        return { sent_to: 'service' as const }
      }
      await repo.insertReport({
        userId: input.userId,
        page,
        message: input.message,
        locale: input.locale,
      })
      return { sent_to: 'shop' as const }
    },

    /** Newest first, 50 at a time; `before` is the last id of the page before. */
    async list(before: number | undefined) {
      const rows = await repo.reportsBefore(before, PAGE_SIZE + 1)
      const page = rows.slice(0, PAGE_SIZE)
      return {
        items: page.map((r) => ({
          id: r.id,
          page: r.page,
          message: r.message,
          locale: r.locale,
          created_at: r.createdAt.toISOString(),
          user: r.userId ? { id: r.userId, full_name: r.userName ?? '' } : null,
        })),
        next_before: rows.length > PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      }
    },
  }
}
export type FeedbackService = ReturnType<typeof createFeedbackService>
