import { describe, expect, it } from 'vitest'
import { OrderDeskQuerySchema, ShipmentSchema } from './order-desk-schemas.ts'

describe('a shipment (docs/product/back-office.md: Orders)', () => {
  const shipment = { logistics_company: 'Pos Laju', tracking_url: 'https://track.example/AB12' }

  it('takes the company and a web address as the tracking link', () => {
    expect(ShipmentSchema.safeParse(shipment).success).toBe(true)
    expect(
      ShipmentSchema.safeParse({ ...shipment, tracking_url: 'http://track.example/1' }).success,
    ).toBe(true)
  })

  it('refuses any link but http:// or https://: the customer’s page shows it as a link', () => {
    for (const tracking_url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example/1'])
      expect(
        ShipmentSchema.safeParse({ ...shipment, tracking_url }).error?.issues[0]?.message,
      ).toBe('validation.trackingUrl')
  })
})

describe('the order list’s days (docs/product/back-office.md: Orders)', () => {
  it('takes calendar days, YYYY-MM-DD, and refuses what is not one', () => {
    expect(OrderDeskQuerySchema.safeParse({ from: '2027-06-01', to: '2027-06-30' }).success).toBe(
      true,
    )
    for (const day of ['2026-13-45', '01-06-2027', '2027-06-01T00:00:00Z'])
      expect(OrderDeskQuerySchema.safeParse({ from: day }).success).toBe(false)
  })
})
