import type { z } from 'zod'
import type { CreditRecordSchema } from '@padi/domain/credit/credit-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// A worked example of the credit lines, for the API document (ADR 076): RM5,000 approved for the
// season, RM90.00 of it spent.

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
              approved_credits: ringgit(500000),
              utilised_credits: ringgit(9000),
              available_credits: ringgit(491000),
              outstanding: {
                principal: ringgit(9000),
                interest: ringgit(0),
                late_fee: ringgit(0),
                total: ringgit(9000),
              },
              due_at: '2027-04-27T15:59:59.999Z',
              expires_at: '2027-11-27T15:59:59.999Z',
              overdue_account: { total_due: ringgit(0) },
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
