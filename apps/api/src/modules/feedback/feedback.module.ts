import type { ApiModule } from '../../app-context.ts'
import { errorReportingStarted, reportFeedback } from '../../observability/error-reporting.ts'
import { createFeedbackService } from './feedback.service.ts'
import { feedbackRoutes } from './feedback.routes.ts'

/** Problem reports from the shop's pages. */
export const feedbackModule: ApiModule = async (v1, { ctx }) => {
  await v1.register(feedbackRoutes, {
    feedback: createFeedbackService({
      db: ctx.db.db,
      destination: { configured: errorReportingStarted, send: reportFeedback },
    }),
    guards: ctx.guards,
    rateLimitMax: ctx.config.FEEDBACK_RATE_LIMIT_MAX,
  })
}
