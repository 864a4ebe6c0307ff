import type { z } from 'zod'
import type {
  QrRepaymentRequestSchema,
  QrRepaymentSchema,
} from '@padi/domain/repayments/qr-repayment-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// Worked examples of the QR repayments and the statement import, for the API document (ADR 076).

const payload =
  '00020101021226420016A00000061500010101060000000208DEMO00015204601253034585406150.505802MY5917SawahMart Sdn Bhd6010Alor Setar62130109KQ47XM2PQ6304939C'

export const CREATE_QR_REPAYMENT_EXAMPLES = operationExamples({
  request: {
    typed: {
      summary: 'RM150.50, as the farmer typed it',
      value: { amount: '150.50', locale: 'bm' } satisfies z.input<
        typeof QrRepaymentRequestSchema
      > & {
        locale: string
      },
    },
  },
  answers: {
    201: {
      duitnow: {
        summary: 'A DuitNow QR for RM150.50 with its reference, good for a day',
        value: {
          id: 31,
          reference: 'KQ47XM2PQ',
          amount: ringgit(15050),
          scheme: 'duitnow',
          payload,
          status: 'open',
          created_at: '2026-11-30T04:10:00.000Z',
          expires_at: '2026-12-01T04:10:00.000Z',
          paid_at: null,
        } satisfies z.output<typeof QrRepaymentSchema>,
      },
    },
    400: {
      moreThanOwed: {
        summary: 'More than is owed now',
        value: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Amount more than is owed',
          message_key: 'repay.errors.amountOverOwed',
          errors: [{ field: 'amount', message: 'repay.errors.amountOverOwed' }],
        },
      },
    },
  },
})

export const IMPORT_STATEMENT_EXAMPLES = operationExamples({
  answers: {
    200: {
      firstImport: {
        summary: 'A day’s statement: two codes paid, three credits for finance to look at',
        value: { lines: 5, matched: 2, review: 3, already_imported: 0, ignored: 2 },
      },
      again: {
        summary: 'The same statement imported again: nothing done twice',
        value: { lines: 5, matched: 0, review: 0, already_imported: 5, ignored: 2 },
      },
    },
    400: {
      unreadable: {
        summary: 'Not a camt.053 statement: refused whole',
        value: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Not a statement the shop can read: no camt.053 statement (BkToCstmrStmt/Stmt)',
          message_key: 'statement.errors.unreadable',
          errors: [{ field: 'file', message: 'statement.errors.unreadable' }],
        },
      },
    },
  },
})
