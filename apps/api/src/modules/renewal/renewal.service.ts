import { createHash } from 'node:crypto'
import type { Db } from '@padi/db/client'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { outstanding } from '@padi/domain/credit/credit-line'
import { dayOf, startOfDay } from '@padi/domain/credit/farmer-calendar'
import { renewalBlocks, type ContractStatus } from '@padi/domain/credit/renewal'
import { renewalProblems, type RenewalState } from '@padi/domain/credit/renewal-rules'
import type {
  CreditRenewalAnswer,
  RejectRenewal,
  RenewalBlockCode,
  RenewalQueue,
  RenewalRecord,
  RenewalSubmit,
} from '@padi/domain/credit/renewal-schemas'
import { formatDate, formatDateTime, formatDay, marketDay } from '@padi/domain/dates'
import { marketOfCurrency, timeZoneOfCurrency } from '@padi/domain/markets'
import { DomainError } from '@padi/domain/errors'
import type { Locale } from '@padi/domain/i18n/locales'
import { formatMoney } from '@padi/domain/money'
import type { Clock } from '../../clock.ts'
import type { OtpService, PendingSms } from '../auth/otp.service.ts'
import { recordDecision, recordFileRead } from '../audit/record-decision.service.ts'
import type { FileStore } from '../files/encrypted-file-store.ts'
import {
  createRenewalRepository,
  type LineRow,
  type RenewalRepository,
  type RenewalRow,
} from './renewal.repository.ts'
import { readSignature } from './signature-image.ts'

const STATUS: Record<RenewalState, RenewalRecord['status']> = {
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
}
const DAY_MS = 86_400_000

function recordOf(row: RenewalRow): RenewalRecord {
  return {
    id: row.id,
    status: STATUS[row.status],
    can_resubmit_at: row.canResubmitAt?.toISOString() ?? null,
    planting_on: row.plantingOn,
    harvest_on: row.harvestOn,
    signed_at: row.signedAt.toISOString(),
    decision_reason: row.decisionReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }
}

function fieldErrors(problems: Record<string, string>) {
  return new DomainError('VALIDATION_FAILED', 'Check the renewal form', {
    extra: {
      errors: Object.entries(problems).map(([field, message]) => ({ field, message })),
    },
  })
}

/**
 * docs/product/credit.md (Renewal): a farmer whose credit is suspended and settled signs a renewal
 * on the pad; the API keeps the signed contract as a PDF (signature, time, device) and finance
 * approves it (a new line opens with the same limit, due at the new harvest) or rejects it with a
 * reason and the date from which the farmer may renew again. Decisions audited and sent by SMS.
 */
export function createRenewalService(deps: {
  db: Db
  clock: Clock
  files: FileStore
  sms?: Pick<OtpService, 'notice' | 'dispatch'>
}) {
  const { db, clock, files } = deps
  const repo = createRenewalRepository(db)

  /** The conditions of a renewal, read on `on` (a transaction holding the farmer's lock, or the pool). */
  async function eligibility(on: Db, userId: number) {
    const onRepo = createRenewalRepository(on)
    const user = await onRepo.farmer(userId)
    const line = await onRepo.currentLine(userId)
    const [latest] = await onRepo.renewalsOf(userId, 1)
    const now = clock.now()
    const blocks: RenewalBlockCode[] = []
    if (!line) blocks.push('no_credit')
    if (latest?.status === 'pending') blocks.push('renewal_pending')
    const contractStatus: ContractStatus =
      !latest || latest.status === 'pending'
        ? null
        : latest.status === 'approved'
          ? 'APPROVED'
          : 'REJECTED'
    if (line)
      blocks.push(
        ...renewalBlocks({
          // docs/product/credit.md (Renewal): the outstanding balance is settled first.
          totalDueMinor: outstanding(line).totalMinor,
          // A line past its contract's end is as unusable as a suspended one.
          creditSuspended: line.state !== 'active' || line.expiresAt.getTime() <= now.getTime(),
          userActive: user?.status === 'active',
          contractStatus,
          canResubmitAt: latest?.canResubmitAt ?? null,
          now,
        }),
      )
    return { user, line, blocks, now }
  }

  async function decide(
    actorUserId: number,
    id: number,
    to: Exclude<RenewalState, 'pending'>,
    write: (
      txRepo: RenewalRepository,
      row: RenewalRow,
      line: LineRow,
      now: Date,
    ) => Promise<Partial<RenewalRow>>,
  ): Promise<RenewalRecord> {
    let pending: PendingSms | null = null
    const result = await db.transaction(async (tx) => {
      const txRepo = createRenewalRepository(tx)
      const row = await txRepo.lockRenewal(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Renewal not found')
      if (row.status !== 'pending')
        throw new DomainError('DECISION_TAKEN', 'This renewal has already been decided')
      const line = await txRepo.lockLine(row.lineId)
      const now = clock.now()
      const changes = await write(txRepo, row, line!, now)
      const after = await txRepo.updateRenewal(id, {
        ...changes,
        status: to,
        decidedAt: now,
        decidedBy: actorUserId,
      })
      const snapshot = (r: RenewalRow) => ({
        status: r.status,
        new_line_id: r.newLineId,
        decision_reason: r.decisionReason,
        can_resubmit_at: r.canResubmitAt?.toISOString() ?? null,
      })
      pending = await recordDecision(
        tx,
        {
          actorUserId,
          action: to === 'approved' ? 'renewal.approve' : 'renewal.reject',
          subjectType: 'contract_renewal',
          subjectId: id,
          before: snapshot(row),
          after: snapshot(after),
          at: now,
          farmer: { userId: row.userId, locale: row.locale },
          notice: to === 'approved' ? 'renewal_approved' : 'renewal_rejected',
          params: {
            amount: formatMoney(line!.approvedMinor, line!.currency),
            date: formatDate(after.canResubmitAt ?? now, timeZoneOfCurrency(line!.currency)),
          },
        },
        deps.sms,
      )
      return recordOf(after)
    })
    deps.sms?.dispatch(pending)
    return result
  }

  return {
    /** GET /me/credit-renewal: the farmer's renewals, newest first, and whether one may start. */
    async status(userId: number): Promise<CreditRenewalAnswer> {
      const { line, blocks } = await eligibility(db, userId)
      const rows = await repo.renewalsOf(userId, 10)
      return {
        data: rows.map(recordOf),
        eligibility: {
          allowed: blocks.length === 0,
          blocks,
          credit: line ? { amount_minor: line.approvedMinor, currency: line.currency } : null,
          outstanding: line
            ? { amount_minor: outstanding(line).totalMinor, currency: line.currency }
            : null,
        },
      }
    },

    /**
     * POST /me/credit-renewal: the signed renewal. The form is judged (harvest after planting, a
     * signature, the terms agreed), the conditions checked, the contract PDF made and kept; the
     * conditions are checked again under the farmer's lock as the renewal is written, so two at
     * once make one.
     */
    async submit(
      userId: number,
      input: RenewalSubmit,
      ctx: { locale: Locale; device: string; clientIp: string },
    ): Promise<RenewalRecord> {
      const problems = renewalProblems({
        plantingOn: input.planting_on,
        harvestOn: input.harvest_on,
        signature: input.signature,
        agreed: input.agree,
      })
      if (Object.keys(problems).length > 0) throw fieldErrors(problems)
      const signature = await readSignature(input.signature)
      if (!signature) throw fieldErrors({ signature: 'renewal.errors.signature' })
      const first = await eligibility(db, userId)
      if (first.blocks.length > 0 || !first.line || !first.user)
        throw new DomainError('RENEWAL_NOT_ALLOWED', 'A renewal cannot start now', {
          extra: { blocks: first.blocks },
        })
      const { line, user } = first
      const today = dayOf(first.now, line.currency)
      if (input.harvest_on <= today)
        throw fieldErrors({ harvest_on: 'renewal.errors.harvestFuture' })
      const signedAt = clock.now()
      const device = ctx.device.slice(0, 400) || 'unknown'
      // pdf-lib, fontkit and the font are loaded at the first signed contract, not at the start
      // (about 25 MB of memory; docs/performance.md, Memory).
      const { signedContractPdf } = await import('./signed-contract-pdf.ts')
      const pdf = await signedContractPdf({
        locale: ctx.locale,
        reference: createHash('sha256').update(signature).digest('hex').slice(0, 12).toUpperCase(),
        name: user.fullName,
        mobile: user.mobile,
        credit: formatMoney(line.approvedMinor, line.currency),
        plantingOn: formatDay(input.planting_on),
        harvestOn: formatDay(input.harvest_on),
        signedAt,
        // docs/product/dates-and-times.md; the exact instant is kept beside it (signedAt).
        signedAtLocal: `${formatDateTime(signedAt, timeZoneOfCurrency(line.currency))} (${timeZoneOfCurrency(line.currency)})`,
        device,
        clientIp: ctx.clientIp,
        signaturePng: signature,
      })
      const storedSignature = await files.put(signature)
      const storedPdf = await files.put(pdf)
      try {
        return await db.transaction(async (tx) => {
          // The farmer's row is the lock: the conditions are read again and the renewal written
          // under it, so no two renewals (nor a purchase's debt in between) slip through.
          const txRepo = createRenewalRepository(tx)
          await txRepo.lockFarmer(userId)
          const again = await eligibility(tx, userId)
          if (again.blocks.length > 0 || again.line?.id !== line.id)
            throw new DomainError('RENEWAL_NOT_ALLOWED', 'A renewal cannot start now', {
              extra: { blocks: again.blocks },
            })
          const row = await txRepo.insertRenewal({
            userId,
            lineId: line.id,
            plantingOn: input.planting_on,
            harvestOn: input.harvest_on,
            locale: ctx.locale,
            signedAt,
            device,
            clientIp: ctx.clientIp,
            signatureKey: storedSignature.key,
            pdfKey: storedPdf.key,
            pdfBytes: storedPdf.bytes,
            pdfSha256: storedPdf.sha256,
            createdAt: signedAt,
          })
          return recordOf(row)
        })
      } catch (error) {
        await files.delete(storedSignature.key)
        await files.delete(storedPdf.key)
        if (isUniqueViolation(error))
          throw new DomainError('RENEWAL_PENDING', 'A renewal is already waiting for a decision')
        throw error
      }
    },

    /** The signed contract (PDF), for its farmer, or for finance (`reader`, audited). */
    async contract(id: number, who: { owner: number } | { reader: number }) {
      const ownerId = 'owner' in who ? who.owner : undefined
      const found = await repo.signedContract(id, ownerId)
      const bytes = found ? await files.get(found.renewal.pdfKey) : null
      if (!found || !bytes) throw new DomainError('NOT_FOUND', 'Renewal not found')
      const row = found.renewal
      if ('reader' in who)
        await recordFileRead(db, {
          actorUserId: who.reader,
          subjectType: 'contract_renewal',
          subjectId: row.id,
          file: { name: 'signed contract' },
          at: clock.now(),
        })
      // The day the contract was signed in its market, as the PDF prints it, not the UTC day.
      const signedOn = marketDay(row.signedAt, marketOfCurrency(found.currency))
      return {
        bytes,
        contentType: 'application/pdf',
        fileName: `renewal-${row.id}-${signedOn}.pdf`,
      }
    },

    /** Finance's queue: pending renewals, oldest first, with the count in each state. */
    async queue(): Promise<RenewalQueue> {
      const rows = await repo.pending(200)
      const counts = await repo.countsByStatus()
      return {
        data: rows.map((r) => ({
          ...recordOf(r.renewal),
          user_id: r.renewal.userId,
          customer_name: r.name,
          mobile: r.mobile,
          credit: { amount_minor: r.line.approvedMinor, currency: r.line.currency },
          device: r.renewal.device,
          client_ip: r.renewal.clientIp,
        })),
        counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
      }
    },

    /**
     * Approve: a new line opens with the renewed line's limit, the planting and harvest dates of
     * the renewal, due at the harvest; the contract runs a year, or to a month past the harvest
     * if that is later. Being the newest, it is the one in use.
     */
    approve(actorUserId: number, id: number) {
      return decide(actorUserId, id, 'approved', async (txRepo, row, line, now) => {
        const dueAt = startOfDay(row.harvestOn, line.currency)
        const newLineId = await txRepo.openLine({
          userId: row.userId,
          currency: line.currency,
          approvedMinor: line.approvedMinor,
          plantingOn: row.plantingOn,
          harvestOn: row.harvestOn,
          dueAt,
          expiresAt: new Date(
            Math.max(now.getTime() + 365 * DAY_MS, dueAt.getTime() + 30 * DAY_MS),
          ),
          createdAt: now,
        })
        return { newLineId }
      })
    },

    reject(actorUserId: number, id: number, input: RejectRenewal) {
      return decide(actorUserId, id, 'rejected', async (_tx, _row, line) => ({
        decisionReason: input.reason,
        canResubmitAt: input.can_resubmit_on
          ? startOfDay(input.can_resubmit_on, line.currency)
          : null,
      }))
    },
  }
}
export type RenewalService = ReturnType<typeof createRenewalService>
