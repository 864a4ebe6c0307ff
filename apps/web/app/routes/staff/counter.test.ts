import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type * as LoginPage from '../auth/login.tsx'
import type * as CounterPage from './counter.tsx'
import type {
  BranchStock,
  CounterCustomer,
  CounterTransaction,
} from '@padi/domain/vouchers/voucher-schemas'
import { quoteSale } from './+shared/counter-sale.ts'
import {
  aBrowser,
  apiJson,
  inEveryCatalogue,
  say,
  startApi,
  tokenOf,
  type TestApi,
} from '../+shared/route-harness.server.ts'

// docs/product/vouchers.md (the branch counter): the counter's actions, on the real API and
// database, for the demo clerk at Alor Setar serving the demo customer (docs/product/demo-mode.md).
const CLERK = '+60120000003'
const CUSTOMER = '+60120000001'
const HERE = '/en/staff'

type Page = {
  customer: CounterCustomer | null
  stock: BranchStock['data']
  key: string
  result: CounterTransaction | null
}
type ActionData = {
  formError?: { key: string; params?: Record<string, string | number> }
  fieldErrors?: Record<string, string>
  sms?: { mobile: string }
}

// The pages' modules are loaded once the web talks to the test API (startApi).
let login: typeof LoginPage
let counter: typeof CounterPage
let api: TestApi
let clerkToken: string
const clerk = aBrowser()
const open = async () => (await clerk.get<Page>(counter, 'staff', HERE)).data
const shelf = async () =>
  (await apiJson<BranchStock>(api, '/staff/counter/stock', { token: clerkToken })).data

beforeAll(async () => {
  api = await startApi()
  ;[login, counter] = await Promise.all([import('../auth/login.tsx'), import('./counter.tsx')])
  clerkToken = await tokenOf(api, CLERK)
  const loggedIn = await clerk.post(login, 'public', '/en/login', {
    mobile: CLERK,
    password: 'demo2026',
  })
  expect(loggedIn).toMatchObject({ status: 302, location: HERE })
})

afterAll(() => api?.stop())

describe('the branch counter (staff/counter.tsx action)', () => {
  it('says under the field that a code is 8 numbers, and opens no customer', async () => {
    const answer = await clerk.post<ActionData>(counter, 'staff', HERE, {
      intent: 'code',
      digits: '1234 5',
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({ fieldErrors: { digits: 'counter.errors.digits' } })
    expect(say(answer.data.fieldErrors!.digits!)).toBe('Type the 8 numbers.')
    expect(inEveryCatalogue('counter.errors.digits')).toBe(true)
    expect((await open()).customer).toBeNull()
  })

  it('says under the field that a code by SMS needs the number, and sends nothing', async () => {
    const answer = await clerk.post<ActionData>(counter, 'staff', HERE, {
      intent: 'sms',
      mobile: '   ',
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({
      fieldErrors: { mobile: 'counter.sms.errors.mobileRequired' },
      sms: { mobile: '' },
    })
    expect(say(answer.data.fieldErrors!.mobile!)).toBe("Type the customer's mobile number.")
  })

  it('shows the API’s refusal of a code nobody has, and opens no customer', async () => {
    const answer = await clerk.post<ActionData>(counter, 'staff', HERE, {
      intent: 'code',
      digits: '0000 0000',
    })
    expect(answer.status).toBe(404)
    expect(answer.data).toEqual({ formError: { key: 'counter.errors.notFound' } })
    expect(say(answer.data.formError!)).toBe('No QR data found.')
    expect((await open()).customer).toBeNull()
  })

  it('opens the customer whose code is typed', async () => {
    const customerToken = await tokenOf(api, CUSTOMER)
    const code = await apiJson<{ digits: string }>(api, '/me/counter-code', {
      token: customerToken,
    })
    const answer = await clerk.post(counter, 'staff', HERE, {
      intent: 'code',
      digits: `${code.digits.slice(0, 4)} ${code.digits.slice(4)}`,
    })
    expect(answer).toMatchObject({ status: 303, location: HERE })
    const page = await open()
    expect(page.customer?.full_name).toBe('Ahmad bin Ismail')
    expect(page.customer?.vouchers.length).toBeGreaterThan(0)
  })

  it('refuses a sale of nothing, and keeps what was chosen', async () => {
    const page = await open()
    const answer = await clerk.post<ActionData & { selection: unknown }>(counter, 'staff', HERE, {
      q: 'padi',
      expected_cash: '',
      key: page.key,
    })
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({
      formError: { key: 'counter.errors.noLines' },
      selection: { counts: {}, vouchers: [], q: 'padi' },
    })
    expect(say(answer.data.formError!)).toBe('Choose at least one pack.')
  })

  // A pack on the shelf worth more than the customer's smallest voucher: the voucher in full,
  // the rest in cash.
  const saleOf = (page: Page) => {
    const voucher = [...page.customer!.vouchers].sort(
      (a, b) => a.value.amount_minor - b.value.amount_minor,
    )[0]!
    const pack = page.stock.find(
      (s) => s.quantity > 2 && s.price.amount_minor > voucher.value.amount_minor,
    )!
    const selection = { counts: { [pack.variation_id]: 1 }, vouchers: [voucher.id], q: '' }
    const quote = quoteSale(page.stock, page.customer!.vouchers, selection, pack.price.currency)
    return { pack, voucher, cash: quote.cashMinor! }
  }

  it('shows the API’s refusal of a sale whose cash is not what the clerk saw, and sells nothing', async () => {
    const page = await open()
    const { pack, voucher, cash } = saleOf(page)
    const answer = await clerk.post<ActionData>(counter, 'staff', HERE, {
      [`count-${pack.variation_id}`]: 1,
      voucher_ids: [voucher.id],
      q: '',
      expected_cash: cash + 100,
      key: page.key,
    })
    expect(answer.status).toBe(409)
    expect(answer.data.formError?.key).toBe('counter.errors.cashChanged')
    expect(say(answer.data.formError!)).toContain('The cash to collect is RM')
    const left = (await shelf()).find((s) => s.variation_id === pack.variation_id)
    expect(left?.quantity).toBe(pack.quantity)
    expect((await open()).result).toBeNull()
  })

  it('makes the sale: the voucher in full, the rest in cash, one pack off the shelf', async () => {
    const page = await open()
    const { pack, voucher, cash } = saleOf(page)
    const answer = await clerk.post(counter, 'staff', HERE, {
      [`count-${pack.variation_id}`]: 1,
      voucher_ids: [voucher.id],
      q: '',
      expected_cash: cash,
      key: page.key,
    })
    expect(answer).toMatchObject({ status: 303, location: HERE })
    const after = await open()
    expect(after.result).toMatchObject({
      type: 'in_person',
      total: pack.price,
      vouchers: voucher.value,
      cash: { amount_minor: cash },
    })
    expect(after.result?.redeemed?.map((v) => v.id)).toEqual([voucher.id])
    const left = (await shelf()).find((s) => s.variation_id === pack.variation_id)
    expect(left?.quantity).toBe(pack.quantity - 1)
    // docs/product/vouchers.md (the customer's visit): the customer stays open for hand-overs.
    expect(after.customer?.full_name).toBe('Ahmad bin Ismail')
  })

  it('closes the customer', async () => {
    const answer = await clerk.post(counter, 'staff', HERE, { intent: 'clear' })
    expect(answer).toMatchObject({ status: 303, location: HERE })
    expect((await open()).customer).toBeNull()
  })
})
