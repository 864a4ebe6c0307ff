import type { Db } from '@padi/db/client'
import type { Order } from '@padi/domain/orders/order-schemas'
import { createOrdersRepository, type OrderItemRow, type OrderRow } from './orders.repository.ts'

export type { OrderRow }

/** Orders as the API answers them: two queries for any number of orders (no query per order). */
export async function orderAnswers(tx: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return []
  const repo = createOrdersRepository(tx)
  const items = await repo.itemsOf(rows.map((r) => r.id))
  const names = new Map(
    (await repo.branchNames([...new Set(rows.map((r) => r.branchId))])).map((b) => [b.id, b.name]),
  )
  return rows.map((row) =>
    orderAnswer(
      row,
      { id: row.branchId, name: names.get(row.branchId)! },
      items.filter((i) => i.orderId === row.id),
    ),
  )
}

export function orderAnswer(row: OrderRow, branch: Order['branch'], items: OrderItemRow[]): Order {
  const money = (amount: number) => ({ amount_minor: amount, currency: row.currency })
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    fulfilment: row.fulfilment,
    payment: row.payment,
    branch,
    collection_location: row.fulfilment === 'pickup' ? branch.name : null,
    address: row.address ?? null,
    logistics_company: row.logisticsCompany,
    tracking_url: row.trackingUrl,
    currency: row.currency,
    subtotal: money(row.subtotalMinor),
    shipping_fee: money(row.shippingFeeMinor),
    total: money(row.totalMinor),
    total_quantity: row.totalQuantity,
    remarks: row.remarks,
    items: items.map((i) => ({
      variation_id: i.variationId,
      product_id: i.productId,
      name: i.name,
      variation: i.variation,
      unit_price: money(i.unitPriceMinor),
      count: i.count,
      line_total: money(i.lineTotalMinor),
    })),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  }
}
