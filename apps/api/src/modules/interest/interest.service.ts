import type { Interest } from '@padi/domain/interest/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import type { InterestRepository } from './interest.repository.ts'

export function createInterestService(repo: InterestRepository) {
  return {
    async register(input: Interest, locale: Locale) {
      const email = input.email.toLowerCase()
      return repo.upsert({ ...input, email, locale })
    },
  }
}
export type InterestService = ReturnType<typeof createInterestService>
