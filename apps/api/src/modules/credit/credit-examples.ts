import type { z } from 'zod'
import type { CreditRecordSchema } from '@padi/domain/credit/credit-schemas'
import { operationExamples } from '../../openapi-document.ts'

// A worked example of the credit lines, for the API document (ADR 076): RM5,000 approved for the
// season, RM90.00 of it spent.

const rm = (amount_minor: number) => ({ amount_minor, currency: 'MYR' as const })

export const LIST_CREDITS_EXAMPLES = operationExamples({
  answers: {
    200: {
      season: {
        summary: 'One line for the season, partly spent, due after harvest',
        value: {
          data: [
            {
              id: 1,
              state: 'active',
              is_suspended: false,
              approved_credits: rm(500000),
              utilised_credits: rm(9000),
              available_credits: rm(491000),
              outstanding: {
                principal: rm(9000),
                interest: rm(0),
                late_fee: rm(0),
                total: rm(9000),
              },
              due_at: '2027-04-27T15:59:59.999Z',
              expires_at: '2027-11-27T15:59:59.999Z',
              overdue_account: { total_due: rm(0) },
              planting_on: '2026-10-29',
              harvest_on: '2027-04-27',
              late_fee_preview: null,
            } satisfies z.output<typeof CreditRecordSchema>,
          ],
        },
      },
    },
  },
})
