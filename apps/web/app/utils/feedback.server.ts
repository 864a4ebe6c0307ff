import { scrubText } from '@padi/domain/privacy/scrub-personal-data'
import type { Feedback } from '@padi/domain/feedback/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import { getEnv } from './env.server.ts'

/**
 * docs/product/error-reporting.md (Report a Bug): when this server reports errors to a service
 * (server.mjs started it), a bug report goes to the same place, scrubbed; returns false when no
 * service is configured, and the report goes to the API's table instead.
 */
export async function sendFeedbackToService(feedback: Feedback, locale: Locale): Promise<boolean> {
  // The SDK is in memory only when a service is configured (error-reporting.mjs loads it then).
  if (!getEnv().SENTRY_DSN) return false
  const Sentry = await import('@sentry/node')
  if (!Sentry.getClient()) return false
  Sentry.captureFeedback({
    message: scrubText(feedback.message),
    url: scrubText(feedback.page),
    tags: { locale },
  })
  return true
}
