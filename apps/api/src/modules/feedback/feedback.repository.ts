import { desc, eq, lt } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { feedbackReports } from '@padi/db/schema/feedback'
import { users } from '@padi/db/schema/users'
import type { Locale } from '@padi/domain/i18n/locales'

/** The problem reports kept in our own table (docs/product/error-reporting.md). */
export function createFeedbackRepository(db: Db) {
  return {
    async insertReport(report: {
      userId: number | null
      page: string
      message: string
      locale: Locale
    }) {
      await db.insert(feedbackReports).values(report)
    },

    /** Newest first, with the reporter's name; `before` is an id the page starts below. */
    reportsBefore(before: number | undefined, limit: number) {
      return db
        .select({
          id: feedbackReports.id,
          page: feedbackReports.page,
          message: feedbackReports.message,
          locale: feedbackReports.locale,
          createdAt: feedbackReports.createdAt,
          userId: feedbackReports.userId,
          userName: users.fullName,
        })
        .from(feedbackReports)
        .leftJoin(users, eq(users.id, feedbackReports.userId))
        .where(before ? lt(feedbackReports.id, before) : undefined)
        .orderBy(desc(feedbackReports.id))
        .limit(limit)
    },
  }
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>
