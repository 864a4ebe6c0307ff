import { z } from 'zod'
import { textLine } from '../input-schemas.ts'
import { CreditRecordSchema } from '../credit/credit-schemas.ts'
import { MarketSchema } from '../money-schemas.ts'
import { OrderDeskRowSchema } from '../orders/order-desk-schemas.ts'
import { CounterTransactionSchema, VoucherSchema } from '../vouchers/voucher-schemas.ts'
import { KYC_STATUSES, ROLES, STAFF_ROLES, USER_STATUSES } from './roles.ts'
import { UserSchema } from './user-schema.ts'

/** docs/product/back-office.md (Users): find people by mobile number or name. */
export const UserSearchQuerySchema = z.object({
  q: textLine()
    .trim()
    .min(2, 'validation.searchTooShort')
    .max(60, 'validation.textTooLong')
    .describe('Part of a name, or digits of a mobile number'),
  role: z.enum(ROLES).optional(),
})

export const UserSearchRowSchema = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    mobile: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    kyc_status: z.enum(KYC_STATUSES).nullable(),
    market: MarketSchema,
  })
  .meta({ id: 'UserSearchRow' })

export const UserSearchSchema = z.object({ data: z.array(UserSearchRowSchema) })
export type UserSearch = z.infer<typeof UserSearchSchema>

/** docs/product/back-office.md (Users): one customer on one page. */
export const UserOverviewSchema = z
  .object({
    user: UserSchema,
    credits: z.array(CreditRecordSchema),
    kyc: z
      .object({
        application_id: z.number().int(),
        state: z.string(),
        submitted_at: z.string().nullable(),
      })
      .nullable()
      .describe('The latest credit application'),
    orders: z.array(OrderDeskRowSchema).describe('The latest 20 orders'),
    vouchers: z.array(VoucherSchema),
    transactions: z.array(CounterTransactionSchema),
  })
  .meta({ id: 'UserOverview' })
export type UserOverview = z.infer<typeof UserOverviewSchema>

/** docs/product/back-office.md (Users): an admin moves a staff member or changes their role. */
export const StaffAssignmentSchema = z
  .object({
    role: z.enum(STAFF_ROLES),
    branch_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'staff' && v.branch_id === null)
      ctx.addIssue({ code: 'custom', path: ['branch_id'], message: 'validation.branchRequired' })
  })
export type StaffAssignment = z.infer<typeof StaffAssignmentSchema>
