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
        value: { lines: 5, matched: 2, reconciled: 0, review: 3, already_imported: 0, ignored: 2 },
      },
      confirmed: {
        summary: 'Two payments the gateway already told of: confirmed, not repaid again',
        value: { lines: 3, matched: 1, reconciled: 2, review: 0, already_imported: 0, ignored: 0 },
      },
      again: {
        summary: 'The same statement imported again: nothing done twice',
        value: { lines: 5, matched: 0, reconciled: 0, review: 0, already_imported: 5, ignored: 2 },
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

/** An Opn Payments `charge.complete` notice for a PromptPay payment of ฿1,250.00. */
export const OPN_NOTICE_EXAMPLE = {
  object: 'event',
  id: 'evnt_test_5xk2m9q7z1',
  key: 'charge.complete',
  created_at: '2026-11-30T04:12:09Z',
  data: {
    object: 'charge',
    id: 'chrg_test_5xk2m9p0a4',
    amount: 125000,
    currency: 'thb',
    status: 'successful',
    paid: true,
    paid_at: '2026-11-30T04:12:08Z',
    created_at: '2026-11-30T04:10:00Z',
    description: 'SawahMart repayment KQ47XM2PQ',
    metadata: { reference: 'KQ47XM2PQ' },
  },
}

export const RECEIVE_PAYMENT_NOTICE_EXAMPLES = operationExamples({
  request: {
    promptpay: {
      summary: 'A PromptPay payment of ฿1,250.00 for reference KQ47XM2PQ',
      value: OPN_NOTICE_EXAMPLE,
    },
  },
  answers: {
    200: {
      applied: {
        summary: 'The QR repayment it names repaid at once',
        value: { outcome: 'applied' },
      },
      again: {
        summary: 'The same payment told again (a retry): nothing moves',
        value: { outcome: 'already_received' },
      },
    },
    401: {
      replay: {
        summary: 'Signed more than 300 seconds ago: a kept copy sent again',
        value: {
          statusCode: 401,
          code: 'SIGNATURE_INVALID',
          message: 'The notice’s signature is not the gateway’s',
        },
      },
    },
  },
})
