import { z } from 'zod'
import { IdTextSchema, textLine } from '../input-schemas.ts'
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_TYPES } from './order-rules.ts'
import { OrderSchema } from './order-schemas.ts'

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'validation.invalid')

/**
 * docs/product/back-office.md (Orders): the filters of the back office's order list. Days are
 * calendar days in the order's own market (Malaysia or Thailand time).
 */
export const OrderDeskQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  branch_id: IdTextSchema.optional(),
  payment: z.enum(PAYMENT_TYPES).optional(),
  fulfilment: z.enum(FULFILMENTS).optional(),
  from: Day.optional().describe('First day (YYYY-MM-DD), in the order’s market'),
  to: Day.optional().describe('Last day (YYYY-MM-DD), in the order’s market'),
  q: textLine().trim().max(40).optional().describe('An order number, or part of one'),
  user_id: IdTextSchema.optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, 'validation.invalid')
    .optional()
    .describe('From the previous page’s next_cursor'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export type OrderDeskQuery = z.infer<typeof OrderDeskQuerySchema>

export const OrderDeskCustomerSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  mobile: z.string(),
})

export const OrderDeskRowSchema = OrderSchema.pick({
  id: true,
  number: true,
  status: true,
  fulfilment: true,
  payment: true,
  branch: true,
  total: true,
  tracking_url: true,
  created_at: true,
})
  .extend({ customer: OrderDeskCustomerSchema })
  .meta({ id: 'OrderDeskRow' })
export type OrderDeskRow = z.infer<typeof OrderDeskRowSchema>

export const OrderDeskListSchema = z.object({
  data: z.array(OrderDeskRowSchema),
  next_cursor: z.string().nullable(),
})
export type OrderDeskList = z.infer<typeof OrderDeskListSchema>

export const OrderDeskOrderSchema = OrderSchema.extend({
  customer: OrderDeskCustomerSchema,
  can_ship: z.boolean().describe('A paid delivery not yet completed: its shipment can be set'),
  can_complete: z
    .boolean()
    .describe('A paid delivery with its shipment set: it can be marked completed'),
}).meta({ id: 'OrderDeskOrder' })
export type OrderDeskOrder = z.infer<typeof OrderDeskOrderSchema>

/** docs/product/back-office.md (Orders): a delivery handed to a logistics company. */
export const ShipmentSchema = z.object({
  logistics_company: textLine()
    .trim()
    .min(2, 'validation.logisticsRequired')
    .max(80, 'validation.textTooLong'),
  tracking_url: z
    .string()
    .trim()
    .max(500, 'validation.textTooLong')
    .url('validation.trackingUrl')
    // Only web links: the customer's page shows it as a link (no javascript: or data: links).
    .refine((v) => /^https?:\/\//i.test(v), 'validation.trackingUrl'),
})
export type Shipment = z.infer<typeof ShipmentSchema>
