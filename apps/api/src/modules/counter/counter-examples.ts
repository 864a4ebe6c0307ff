import type { z } from 'zod'
import type {
  CounterCodeInputSchema,
  CounterCodeSchema,
  CounterCustomerSchema,
  CounterPurchaseSchema,
  CounterTransactionSchema,
  VoucherSchema,
} from '@padi/domain/vouchers/voucher-schemas'
import { operationExamples, ringgit } from '../../openapi-document.ts'

// Worked examples of the counter, for the API document (ADR 076): the farmer's phone shows a code,
// the clerk at Jitra scans it, sells two litres and takes a RM10 voucher off the cash.

const TOKEN = 'SM1.ixfWZBoC_7R13Zd9hadQwrgKjGDvBLib.vs1ByzJVRGeEo0se_qtDzE'
const voucher = {
  id: 3,
  serial: 'V3-MY-100003',
  value: ringgit(1000),
  expires_on: '2026-12-29',
  status: 'active',
  redeemed_at: null,
  redeemed_branch_id: null,
  transaction_id: null,
} satisfies z.output<typeof VoucherSchema>
const codeExpired = {
  statusCode: 410,
  code: 'QR_EXPIRED',
  message: 'This code has expired: ask the customer to show the new one',
}

export const COUNTER_CODE_EXAMPLES = operationExamples({
  answers: {
    200: {
      shown: {
        summary: 'The code to show: as a QR (token) or read out (digits)',
        value: {
          token: TOKEN,
          digits: '10766375',
          expires_at: '2026-11-28T03:21:37.000Z',
          refresh_in_ms: 60000,
        } satisfies z.output<typeof CounterCodeSchema>,
      },
    },
  },
})

export const MY_VOUCHERS_EXAMPLES = operationExamples({
  answers: {
    200: {
      one: {
        summary: 'A RM10 voucher, good until the end of December',
        value: { data: [voucher] },
      },
    },
  },
})

export const COUNTER_LOOKUP_EXAMPLES = operationExamples({
  request: {
    scanned: {
      summary: 'The QR scanned',
      value: { token: TOKEN } satisfies z.input<typeof CounterCodeInputSchema>,
    },
    typed: {
      summary: 'The eight digits read out',
      value: { digits: '10766375' } satisfies z.input<typeof CounterCodeInputSchema>,
    },
  },
  answers: {
    200: {
      found: {
        summary: 'The customer, their vouchers and their orders to collect',
        value: {
          id: 1,
          full_name: 'Ahmad bin Ismail',
          mobile: '+60•••••0001',
          vouchers: [voucher],
          unusable_vouchers: [],
          visit: { ends_at: '2026-11-28T03:35:37.000Z', sold: false },
          orders: [
            {
              id: 41,
              number: 'SM261128-000041',
              status: 'paid',
              payment: 'credits',
              total: ringgit(9000),
              created_at: '2026-11-28T02:05:11.000Z',
            },
          ],
        } satisfies z.output<typeof CounterCustomerSchema>,
      },
    },
    410: { expired: { summary: 'A code older than its minute', value: codeExpired } },
  },
})

export const COUNTER_PURCHASE_EXAMPLES = operationExamples({
  request: {
    withVoucher: {
      summary: 'Two litres, with the RM10 voucher; the cash the clerk was shown',
      value: {
        token: TOKEN,
        lines: [{ variation_id: 1, count: 2 }],
        voucher_ids: [3],
        expected_cash_minor: 8000,
      } satisfies z.input<typeof CounterPurchaseSchema>,
    },
  },
  answers: {
    201: {
      sold: {
        summary: 'RM90.00, RM10.00 of it by voucher, RM80.00 in cash',
        value: {
          id: 17,
          type: 'in_person',
          order_id: null,
          branch_id: 2,
          branch_name: { en: 'Jitra', bm: 'Jitra', th: 'จิตรา' },
          operator_name: 'Siti Aminah',
          total: ringgit(9000),
          vouchers: ringgit(1000),
          cash: ringgit(8000),
          created_at: '2026-11-28T03:22:05.000Z',
          redeemed: [
            {
              ...voucher,
              status: 'redeemed',
              redeemed_at: '2026-11-28T03:22:05.000Z',
              redeemed_branch_id: 2,
              transaction_id: 17,
            },
          ],
        } satisfies z.output<typeof CounterTransactionSchema>,
      },
    },
    409: {
      used: {
        summary: 'The code was used for a sale already',
        value: {
          statusCode: 409,
          code: 'QR_USED',
          message: 'This code has been used: ask the customer to show the new one',
        },
      },
    },
    410: { expired: { summary: 'A code older than its minute', value: codeExpired } },
  },
})
