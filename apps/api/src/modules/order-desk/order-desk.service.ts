import type { Db } from '@padi/db/client'
import type { Role } from '@padi/domain/auth/roles'
import { DomainError } from '@padi/domain/errors'
import type {
  OrderDeskList,
  OrderDeskOrder,
  OrderDeskQuery,
  Shipment,
} from '@padi/domain/orders/order-desk-schemas'
import type { Clock } from '../../clock.ts'
import { orderAnswers, type OrderRow } from '../orders/order-answers.service.ts'
import { createOrderDeskRepository, type OrderChange } from './order-desk.repository.ts'

type Viewer = { userId: number; role: Role }

/** The cursor of the list: the created_at and id of the last row shown, opaque to the client. */
function encodeCursor(row: { createdAt: Date; id: number }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url')
}

/**
 * docs/product/back-office.md (Orders): a page marker that is not one this list gave (broken,
 * forged, or from an older version) is refused with its own code, before any SQL: the page then
 * starts the list again with the same filters. Only an instant written as the list writes it
 * (from 1970: no year a database timestamp refuses) and an id in range.
 */
function decodeCursor(cursor: string): { at: Date; id: number } {
  const forged = new DomainError('CURSOR_INVALID', 'The page marker is not valid: start again', {
    extra: { errors: [{ field: 'cursor', message: 'validation.invalid' }] },
  })
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw forged
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value[0]) ||
    value[0] < '1970' ||
    Number.isNaN(Date.parse(value[0])) ||
    new Date(value[0]).toISOString() !== value[0] ||
    !Number.isInteger(value[1]) ||
    value[1] < 1 ||
    value[1] > 2_147_483_647
  )
    throw forged
  return { at: new Date(value[0]), id: value[1] }
}

/**
 * docs/product/back-office.md (Orders): every order for admin and finance, a branch's own for its
 * staff (read only); deliveries handed to a logistics company with a tracking link, then marked
 * completed, by admin. Each change is one conditional update with its audit entry.
 */
export function createOrderDeskService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps
  const repo = createOrderDeskRepository(db)

  /** Staff see their own branch only; the others see every branch. */
  async function branchScope(viewer: Viewer): Promise<number | null> {
    if (viewer.role !== 'staff') return null
    const row = await repo.staffBranchOf(viewer.userId)
    if (!row?.branchId) throw new DomainError('FORBIDDEN', 'You are not assigned to a branch')
    return row.branchId
  }

  async function orderFor(viewer: Viewer, id: number): Promise<OrderDeskOrder> {
    const scope = await branchScope(viewer)
    const row = await repo.orderWithCustomer(id, scope)
    // Another branch's order is 'not found' to its staff: nothing tells them it exists.
    if (!row) throw new DomainError('NOT_FOUND', 'Order not found')
    return describe(row.order, {
      id: row.order.userId,
      full_name: row.fullName,
      mobile: row.mobile,
    })
  }

  async function describe(
    row: OrderRow,
    customer: OrderDeskOrder['customer'],
  ): Promise<OrderDeskOrder> {
    const [order] = await orderAnswers(db, [row])
    const open = row.fulfilment === 'delivery' && row.status === 'paid'
    return {
      ...order!,
      customer,
      can_ship: open,
      can_complete: open && Boolean(row.trackingUrl),
    }
  }

  /** One guarded change of a delivery: the row locked, the condition checked, the audit written. */
  async function change(
    actorUserId: number,
    id: number,
    action: 'order.ship' | 'order.complete',
    write: (row: OrderRow, now: Date) => OrderChange | null,
  ) {
    const now = clock.now()
    await db.transaction(async (tx) => {
      const txRepo = createOrderDeskRepository(tx)
      const row = await txRepo.lockOrder(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Order not found')
      const set = write(row, now)
      if (!set) throw new DomainError('CONFLICT', 'This order cannot change this way now')
      const after = await txRepo.updateOrder(id, set)
      const snapshot = (r: OrderRow) => ({
        status: r.status,
        logistics_company: r.logisticsCompany,
        tracking_url: r.trackingUrl,
        completed_at: r.completedAt?.toISOString() ?? null,
      })
      await txRepo.insertAuditEntry({
        actorUserId,
        action,
        subjectType: 'order',
        subjectId: id,
        before: snapshot(row),
        after: snapshot(after),
        createdAt: now,
      })
    })
  }

  return {
    /** GET /admin/orders: newest first, filtered, 25 a page by default. */
    async list(viewer: Viewer, query: OrderDeskQuery): Promise<OrderDeskList> {
      const scope = await branchScope(viewer)
      // docs/product/back-office.md (Orders): refused with its own code, so the page can say why.
      if (scope && query.branch_id && query.branch_id !== scope)
        throw new DomainError('BRANCH_NOT_YOURS', 'Staff see their own branch’s orders only', {
          extra: { branch_id: scope },
        })
      const after = query.cursor ? decodeCursor(query.cursor) : null
      const rows = await repo.ordersPage({ scope, query, after, limit: query.limit + 1 })
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        data: page.map(({ order: o, branch, fullName, mobile }) => ({
          id: o.id,
          number: o.number,
          status: o.status,
          fulfilment: o.fulfilment,
          payment: o.payment,
          branch: { id: o.branchId, name: branch },
          customer: { id: o.userId, full_name: fullName, mobile },
          total: { amount_minor: o.totalMinor, currency: o.currency },
          tracking_url: o.trackingUrl,
          created_at: o.createdAt.toISOString(),
        })),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last.order) : null,
      }
    },

    /** GET /admin/orders/:id */
    get: orderFor,

    /** POST /admin/orders/:id/shipment: a paid delivery's company and tracking link (or a fix). */
    async ship(viewer: Viewer, id: number, shipment: Shipment) {
      await change(viewer.userId, id, 'order.ship', (row) =>
        row.fulfilment === 'delivery' && row.status === 'paid'
          ? { logisticsCompany: shipment.logistics_company, trackingUrl: shipment.tracking_url }
          : null,
      )
      return orderFor(viewer, id)
    },

    /** POST /admin/orders/:id/complete: a shipped delivery has arrived. */
    async complete(viewer: Viewer, id: number) {
      await change(viewer.userId, id, 'order.complete', (row, now) =>
        row.fulfilment === 'delivery' && row.status === 'paid' && row.trackingUrl
          ? { status: 'completed', completedAt: now }
          : null,
      )
      return orderFor(viewer, id)
    },
  }
}
export type OrderDeskService = ReturnType<typeof createOrderDeskService>
