import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { countryOfMobile, normaliseMobile } from '@padi/domain/auth/phone'
import { marketDay, startOfMarketDay } from '@padi/domain/dates'
import { DomainError } from '@padi/domain/errors'
import { isLocale, localizedText, type LocalizedText } from '@padi/domain/i18n/locales'
import { MARKET_CURRENCY, type Currency, type Market } from '@padi/domain/markets'
import { COUNTER_SMS_CODE_TTL_MS, spacedDigits } from '@padi/domain/vouchers/counter-code-sms'
import { splitPayment, voucherRefusal, voucherStatus } from '@padi/domain/vouchers/voucher-rules'
import type {
  CounterCustomer,
  CounterPurchase,
  CounterTransaction,
  Voucher,
} from '@padi/domain/vouchers/voucher-schemas'
import type { Clock } from '../../clock.ts'
import { onceForKey } from '../../idempotency.ts'
import type { OtpService } from '../auth/otp.service.ts'
import type { CounterCodeLimits } from './counter-code-limits.ts'
import type { CounterCodes } from './counter-codes.ts'
import { SMS_CODE_SENT, type CounterSmsLimits } from './counter-sms-limits.ts'
import {
  createCounterRepository,
  type TransactionRow,
  type VoucherRow,
} from './counter.repository.ts'

export function voucherOf(row: VoucherRow, now: Date): Voucher {
  return {
    id: row.id,
    serial: row.serial,
    value: { amount_minor: row.valueMinor, currency: row.currency },
    expires_on: row.expiresOn,
    status: voucherStatus(row, now),
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
    redeemed_branch_id: row.redeemedBranchId,
    transaction_id: row.transactionId,
  }
}

function transactionOf(
  row: TransactionRow,
  extra: { branch: LocalizedText; operator: string | null },
): CounterTransaction {
  return {
    id: row.id,
    type: row.type,
    order_id: row.orderId,
    branch_id: row.branchId,
    branch_name: extra.branch,
    operator_name: extra.operator,
    total: { amount_minor: row.totalMinor, currency: row.currency },
    vouchers: { amount_minor: row.vouchersMinor, currency: row.currency },
    cash: { amount_minor: row.cashMinor, currency: row.currency },
    created_at: row.createdAt.toISOString(),
  }
}

/** docs/product/vouchers.md: the mobile number as the counter shows it: the last four digits. */
function maskedMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}${'•'.repeat(Math.max(0, mobile.length - 7))}${mobile.slice(-4)}`
}

/**
 * docs/product/vouchers.md (the branch counter): staff of a branch serve a customer who shows the
 * QR code (or reads its digits): they see the customer, the active vouchers and the pickup orders
 * at this branch; they sell branch stock paid with vouchers in full and cash for the rest, and
 * hand over orders. A redemption happens once: one transaction, the code and every voucher taken
 * by conditional updates, the answer kept under the Idempotency-Key.
 */
export function createCounterService(deps: {
  db: Db
  clock: Clock
  codes: CounterCodes
  limits: CounterCodeLimits
  /** A code by SMS (ADR 063): the SMS outbox and its caps per number, and the clerks' limits. */
  sms: Pick<OtpService, 'checkSendAllowed' | 'counterCode' | 'dispatch'>
  smsLimits: CounterSmsLimits
}) {
  const { db, clock, codes, limits } = deps
  const repo = createCounterRepository(db)

  async function staffBranch(on: Db, staffId: number) {
    const row = await createCounterRepository(on).staffBranchOf(staffId)
    if (!row?.branchId || !row.market)
      throw new DomainError('FORBIDDEN', 'You are not assigned to a branch')
    return { id: row.branchId, market: row.market as Market, name: row.name ?? { en: '' } }
  }

  /**
   * docs/product/vouchers.md (a suspended customer): nothing is looked up, sold or handed over for
   * an account that is not active, whatever code it showed. Read under FOR SHARE inside the
   * operation's transaction: a suspension committed first is seen (read committed reads the row
   * again after waiting), and one that comes later waits for this sale to end; so no sale is ever
   * recorded after the suspension that should have stopped it.
   */
  async function servable(on: Db, userId: number) {
    const user = await createCounterRepository(on).lockStatusForShare(userId)
    if (user?.status !== 'active')
      throw new DomainError(
        'COUNTER_CUSTOMER_SUSPENDED',
        'This customer’s account is suspended: nothing can be sold or handed over with it',
      )
  }

  async function customerView(
    on: Db,
    userId: number,
    branch: { id: number; market: Market },
    code: { usedAt: Date | null; serveUntil: Date | null },
  ): Promise<CounterCustomer> {
    const branchId = branch.id
    const now = clock.now()
    const onRepo = createCounterRepository(on)
    const user = await onRepo.customerById(userId)
    if (!user) throw new DomainError('QR_NOT_FOUND', 'No QR data found')
    const active = await onRepo.activeVouchersOf(userId)
    const pickups = await onRepo.pickupsAt(userId, branchId)
    // docs/product/vouchers.md (a voucher at a counter of another market): offered only where it
    // can be used; the customer's others are shown with the reason, never offered.
    const live = active.filter((v) => voucherStatus(v, now) === 'active')
    return {
      id: user.id,
      full_name: user.fullName,
      mobile: maskedMobile(user.mobile),
      vouchers: live.filter((v) => v.market === branch.market).map((v) => voucherOf(v, now)),
      unusable_vouchers: live
        .filter((v) => v.market !== branch.market)
        .map((v) => ({ ...voucherOf(v, now), reason: 'other_market' as const })),
      visit: {
        ends_at: (code.serveUntil ?? now).toISOString(),
        sold: code.usedAt !== null,
      },
      orders: pickups.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        payment: o.payment,
        total: { amount_minor: o.totalMinor, currency: o.currency },
        created_at: o.createdAt.toISOString(),
      })),
    }
  }

  return {
    /** GET /me/counter-code: a fresh code for the customer's QR page. */
    issueCode(userId: number) {
      return codes.issue(userId, clock.now())
    },

    /**
     * POST /staff/counter/sms-code (docs/product/vouchers.md, a code by SMS; ADR 063): a customer
     * who cannot show a code (no mobile data in the field) gives the clerk their registered
     * number; a counter code for this branch, valid 10 minutes, goes by SMS to that number, in the
     * customer's language, and the clerk types the 8 digits the customer reads out. The answer is
     * the same whether or not the number is a customer's of this market (only a customer's gets
     * an SMS), so the counter cannot be used to learn who is registered; a suspended customer's
     * code is refused where every code is (look-up, sale, hand-over). Limited per staff member,
     * per branch and per number (counter-sms-limits.ts), and by the caps and cool-down on codes
     * per number; every send is in the audit log.
     */
    async sendCodeBySms(staffId: number, input: { mobile: string }) {
      const branch = await staffBranch(db, staffId)
      // A local number is read as the branch's country's first (081… is Thai at a Thai branch).
      const mobile = normaliseMobile(input.mobile, branch.market === 'TH' ? 'TH' : 'MY')
      if (!mobile)
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: { errors: [{ field: 'mobile', message: 'validation.mobileInvalid' }] },
        })
      // Judged from the number alone, before anything is looked up: it tells nothing of who is
      // registered.
      if (countryOfMobile(mobile) !== branch.market)
        throw new DomainError(
          'COUNTER_SMS_WRONG_MARKET',
          'This branch sends codes only to numbers of its own country',
        )
      const now = clock.now()
      const who = { staffId, branchId: branch.id, mobile }
      const done = await db.transaction(async (tx) => {
        const txRepo = createCounterRepository(tx)
        // The branch's sends one at a time: the counts below are exact for its clerks.
        await txRepo.lockBranch(branch.id)
        const reached = await deps.smsLimits.reached(tx, who, now)
        if (reached) return { reached }
        // The number's caps and cool-down on codes, as for every code sent to it.
        await deps.sms.checkSendAllowed(tx, mobile, null)
        const customer = await txRepo.accountByMobile(mobile)
        // A customer of this market whose sign-up is done; a suspended one too (their code is
        // refused at the counter like any other of theirs, and nothing here says so).
        const served =
          customer?.role === 'customer' &&
          customer.status !== 'pending' &&
          customer.market === branch.market
            ? customer
            : null
        const expiresAt = new Date(now.getTime() + COUNTER_SMS_CODE_TTL_MS)
        const locale = served && isLocale(served.locale) ? served.locale : 'en'
        const code = served
          ? await codes.issue(
              served.id,
              now,
              { channel: 'sms', branchId: branch.id, ttlMs: COUNTER_SMS_CODE_TTL_MS },
              tx,
            )
          : null
        const pending = await deps.sms.counterCode(tx, {
          to: mobile,
          locale,
          params: code
            ? { code: spacedDigits(code.digits), branch: localizedText(branch.name, locale) }
            : null,
          expiresAt,
        })
        await txRepo.insertAuditEntry({
          actorUserId: staffId,
          action: SMS_CODE_SENT,
          subjectType: 'branch',
          subjectId: branch.id,
          after: {
            customer_id: served?.id ?? null,
            mobile: maskedMobile(mobile),
            sent: served !== null,
            expires_at: expiresAt.toISOString(),
          },
          createdAt: now,
        })
        return { pending }
      })
      if (done.reached) throw await deps.smsLimits.refuse(db, who, done.reached, now)
      // After the commit, without waiting: the answer is the same, and as fast, either way.
      deps.sms.dispatch(done.pending)
      return {
        expires_in_seconds: COUNTER_SMS_CODE_TTL_MS / 1000,
        message:
          'If this number is a customer’s, a code is on its way by SMS: type the 8 digits they read out',
      }
    },

    /** POST /staff/counter/lookup: who the code names, as the counter may see them. */
    async lookup(staffId: number, input: { token?: string; digits?: string }) {
      const branch = await staffBranch(db, staffId)
      return limits.guard({ staffId, branchId: branch.id, operation: 'lookup' }, input, () =>
        db.transaction(async (tx) => {
          const code = await codes.find(tx, input, clock.now(), { staffId, branchId: branch.id })
          await servable(tx, code.userId)
          return customerView(tx, code.userId, branch, code)
        }),
      )
    },

    /**
     * POST /staff/counter/purchases: branch stock sold in person, the vouchers redeemed in full,
     * the rest in cash. Under the code's row lock: the code is used by this purchase and no
     * other; each voucher is taken by an UPDATE that only an active, unexpired voucher of this
     * customer in this market passes; stock by an UPDATE that only enough stock passes. The
     * answer is kept under the Idempotency-Key, so a retry answers the same, once.
     */
    async purchase(staffId: number, key: string, input: CounterPurchase) {
      const branch = await staffBranch(db, staffId)
      const currency: Currency = MARKET_CURRENCY[branch.market]
      const sale = () =>
        db.transaction(async (tx) => {
          return onceForKey(
            tx,
            { userId: staffId, key, body: input, at: clock.now() },
            async () => {
              const now = clock.now()
              const code = await codes.find(tx, input, now, { staffId, branchId: branch.id })
              // docs/product/vouchers.md (the customer's visit): a code serves one sale; after it
              // the visit goes on for hand-overs only.
              if (code.usedAt)
                throw new DomainError(
                  'QR_USED',
                  'This code has been used: ask the customer to show the new one',
                )
              const customerId = code.userId
              // Before anything is taken: a suspended customer's code sells nothing.
              await servable(tx, customerId)
              const txRepo = createCounterRepository(tx)
              // The packs at the catalogue's prices in this branch's market; never the client's.
              const ids = input.lines.map((l) => l.variation_id)
              const packs = await txRepo.packPrices(ids)
              const priced = input.lines.map((line) => {
                const pack = packs.find((p) => p.id === line.variation_id)
                const price = pack ? (branch.market === 'MY' ? pack.priceMy : pack.priceTh) : null
                if (price === null || price === undefined)
                  throw new DomainError('NOT_FOR_SALE', 'A pack is not sold in this market', {
                    extra: { variation_id: line.variation_id },
                  })
                return { ...line, unitPriceMinor: price }
              })
              const totalMinor = priced.reduce((s, l) => s + l.unitPriceMinor * l.count, 0)
              // Each voucher named, locked and judged (docs/product/vouchers.md, terms): this
              // customer's, unused, of this counter's market, not past its printed day there.
              const voucherIds = [...new Set(input.voucher_ids)]
              const named = await txRepo.lockVouchers(voucherIds)
              const refused = voucherIds.flatMap((id) => {
                const v = named.find((n) => n.id === id)
                const why = v
                  ? voucherRefusal(v, { userId: customerId, market: branch.market, now })
                  : 'not_owner'
                return why ? [{ id, why }] : []
              })
              // Another customer's, used or expired: one answer for all (it tells nothing of
              // others' vouchers). The customer's own of another market: said as such.
              const unavailable = refused.filter((r) => r.why !== 'wrong_market')
              if (unavailable.length > 0)
                throw new DomainError(
                  'VOUCHER_UNAVAILABLE',
                  'A voucher is not this customer’s, or is used or expired',
                  { extra: { voucher_ids: unavailable.map((r) => r.id) } },
                )
              if (refused.length > 0)
                throw new DomainError(
                  'VOUCHER_OTHER_MARKET',
                  'A voucher is of another market than this counter’s: it can be used only there',
                  { extra: { voucher_ids: refused.map((r) => r.id) } },
                )
              // docs/product/vouchers.md: used in full, no change: vouchers worth more are refused.
              const split = splitPayment(
                totalMinor,
                named.map((v) => v.valueMinor),
              )
              if (!split.ok)
                throw new DomainError(
                  'VOUCHER_EXCEEDS_PURCHASE',
                  'The vouchers are worth more than the purchase: no change is given',
                )
              // docs/product/vouchers.md (the sale): the cash is the server's figure; a clerk who
              // was shown another (a price changed, the page was not up to date) sells nothing and
              // is shown this one.
              if (
                input.expected_cash_minor !== undefined &&
                input.expected_cash_minor !== split.cashMinor
              )
                throw new DomainError(
                  'COUNTER_CASH_CHANGED',
                  'The cash to collect is not the figure shown: nothing was sold',
                  {
                    extra: {
                      total: { amount_minor: totalMinor, currency },
                      vouchers: { amount_minor: split.vouchersMinor, currency },
                      cash: { amount_minor: split.cashMinor, currency },
                    },
                  },
                )
              for (const line of priced) {
                const taken = await txRepo.takeStock(branch.id, line)
                if (taken.length === 0)
                  throw new DomainError('OUT_OF_STOCK', 'Not enough of a pack at this branch', {
                    extra: { variation_id: line.variation_id },
                  })
              }
              const done = await txRepo.insertTransaction({
                userId: customerId,
                type: 'in_person',
                branchId: branch.id,
                operatorId: staffId,
                currency,
                totalMinor,
                vouchersMinor: split.vouchersMinor,
                cashMinor: split.cashMinor,
                createdAt: now,
              })
              const redeemed = await txRepo.redeemVouchers({
                ids: voucherIds,
                customerId,
                market: branch.market,
                branchId: branch.id,
                staffId,
                transactionId: done.id,
                now,
              })
              if (redeemed.length !== voucherIds.length)
                throw new DomainError(
                  'VOUCHER_UNAVAILABLE',
                  'A voucher is not this customer’s, or is used or expired',
                  {
                    extra: {
                      voucher_ids: voucherIds.filter((id) => !redeemed.some((v) => v.id === id)),
                    },
                  },
                )
              await txRepo.insertTransactionLines(
                priced.map((l) => ({
                  transactionId: done.id,
                  variationId: l.variation_id,
                  count: l.count,
                  unitPriceMinor: l.unitPriceMinor,
                })),
              )
              await txRepo.markCodeUsed(code.id, now)
              const operator = await txRepo.operatorName(staffId)
              const answer: CounterTransaction = {
                ...transactionOf(done, { branch: branch.name, operator: operator?.name ?? null }),
                redeemed: [...redeemed].sort((a, b) => a.id - b.id).map((v) => voucherOf(v, now)),
              }
              return answer
            },
          )
        })
      try {
        return await limits.guard(
          { staffId, branchId: branch.id, operation: 'purchase' },
          input,
          sale,
        )
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('IDEMPOTENCY_IN_FLIGHT', 'This purchase is under way')
        throw error
      }
    },

    /**
     * POST /staff/counter/orders/:id/hand-over: a pickup order of the customer named by the code,
     * at this branch, handed over: an unpaid cash order is paid (cash) and completed, a paid one
     * completed. Recorded as an online transaction, once (unique per order).
     */
    async handOver(staffId: number, orderId: number, input: { token?: string; digits?: string }) {
      const branch = await staffBranch(db, staffId)
      const handOver = () =>
        db.transaction(async (tx) => {
          const now = clock.now()
          // docs/product/vouchers.md (the customer's visit): also after the code's sale.
          const code = await codes.find(tx, input, now, { staffId, branchId: branch.id })
          await servable(tx, code.userId)
          const txRepo = createCounterRepository(tx)
          const order = await txRepo.lockPickupOrder(orderId, code.userId, branch.id)
          if (!order) throw new DomainError('ORDER_NOT_AT_BRANCH', 'No such pickup order here')
          if (order.status === 'completed')
            throw new DomainError('CONFLICT', 'This order has already been handed over')
          const cash = order.status === 'unpaid' ? order.totalMinor : 0
          // Paid now (cash at the counter) if it was not, and completed.
          await txRepo.completeOrder(order.id, order.paidAt ?? now, now)
          const row = await txRepo.insertTransaction({
            userId: code.userId,
            type: 'online',
            branchId: branch.id,
            operatorId: staffId,
            orderId: order.id,
            currency: order.currency,
            totalMinor: cash,
            cashMinor: cash,
            createdAt: now,
          })
          const operator = await txRepo.operatorName(staffId)
          return transactionOf(row, { branch: branch.name, operator: operator?.name ?? null })
        })
      try {
        return await limits.guard(
          { staffId, branchId: branch.id, operation: 'hand_over' },
          input,
          handOver,
        )
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('CONFLICT', 'This order has already been handed over')
        throw error
      }
    },

    /**
     * POST /staff/counter/close (docs/product/vouchers.md, the customer's visit): the clerk is done
     * with the customer; the code they held serves nobody any more.
     */
    async close(staffId: number, input: { token?: string; digits?: string }) {
      await codes.close(db, input, clock.now(), staffId)
    },

    /**
     * GET /staff/counter/transactions: the branch's transactions of a day (YYYY-MM-DD in the
     * branch's market; today when not given), with the totals.
     */
    async branchDay(staffId: number, day?: string) {
      const branch = await staffBranch(db, staffId)
      const start = startOfMarketDay(day ?? marketDay(clock.now(), branch.market), branch.market)
      const rows = await repo.transactionsOfDay(branch.id, start)
      const sum = (pick: (r: TransactionRow) => number) => rows.reduce((s, r) => s + pick(r.tx), 0)
      const currency = MARKET_CURRENCY[branch.market]
      return {
        branch: { id: branch.id, name: branch.name },
        data: rows.map((r) => transactionOf(r.tx, { branch: branch.name, operator: r.operator })),
        totals: {
          count: rows.length,
          total: { amount_minor: sum((r) => r.totalMinor), currency },
          vouchers: { amount_minor: sum((r) => r.vouchersMinor), currency },
          cash: { amount_minor: sum((r) => r.cashMinor), currency },
        },
      }
    },

    /** GET /staff/counter/stock: what this branch has on its shelves, at the catalogue's prices. */
    async stock(staffId: number) {
      const branch = await staffBranch(db, staffId)
      const rows = await repo.shelfStock(branch.id, branch.market)
      const currency = MARKET_CURRENCY[branch.market]
      return {
        data: rows.map((r) => ({
          variation_id: r.id,
          product: r.product,
          label: r.label,
          price: { amount_minor: r.priceMinor!, currency },
          quantity: r.quantity,
        })),
      }
    },

    /** GET /me/transactions: the customer's counter transactions, newest first. */
    async mine(userId: number, since?: Date) {
      const rows = await repo.transactionsOf(userId, since, 50)
      // docs/product/vouchers.md: each sale names the vouchers it took, for the customer's screen.
      const used = await repo.vouchersOfTransactions(
        userId,
        rows.map((r) => r.tx.id),
      )
      const now = clock.now()
      return rows.map((r) => ({
        ...transactionOf(r.tx, { branch: r.branch, operator: r.operator }),
        redeemed: used.filter((v) => v.transactionId === r.tx.id).map((v) => voucherOf(v, now)),
      }))
    },

    /** GET /me/vouchers: the customer's vouchers, soonest to expire first. */
    async myVouchers(userId: number) {
      const now = clock.now()
      const rows = await repo.vouchersOf(userId)
      return rows.map((r) => voucherOf(r, now))
    },
  }
}
export type CounterService = ReturnType<typeof createCounterService>
