import type { z } from 'zod'
import type { ReceiptSchema } from '@padi/domain/repayments/receipt-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// Worked examples of sending a repayment receipt, for the API document (ADR 076). The request
// is the picture or PDF itself, so only the answers have examples.

export const UPLOAD_RECEIPT_EXAMPLES = operationExamples({
  answers: {
    201: {
      pending: {
        summary: 'A bank transfer of RM20.50, waiting for finance',
        value: {
          id: 12,
          method: 'bank_transfer',
          bank: 'Bank Rakyat',
          amount: ringgit(2050),
          paid_on: '2026-11-27',
          reference: 'FT2611200001',
          status: 'pending',
          decision_reason: null,
          file: { content_type: 'image/png', bytes: 48213, file_name: 'slip.png' },
          created_at: '2026-11-28T03:14:09.000Z',
          decided_at: null,
        } satisfies z.output<typeof ReceiptSchema>,
      },
    },
    409: {
      moreThanOwed: {
        summary: 'The amount is more than is owed now',
        value: {
          statusCode: 409,
          code: 'RECEIPT_EXCEEDS_OWED',
          message: 'The receipt is for more than is owed now',
          owed: ringgit(9000),
        },
      },
    },
  },
})
