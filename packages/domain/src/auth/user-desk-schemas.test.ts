import { describe, expect, it } from 'vitest'
import { StaffAssignmentSchema } from './user-desk-schemas.ts'

describe('a staff member’s role and branch (docs/product/back-office.md: Users)', () => {
  it('gives branch staff a branch', () => {
    expect(StaffAssignmentSchema.parse({ role: 'staff', branch_id: '4' })).toEqual({
      role: 'staff',
      branch_id: 4,
    })
    expect(StaffAssignmentSchema.safeParse({ role: 'staff' }).error?.issues[0]).toMatchObject({
      path: ['branch_id'],
      message: 'validation.branchRequired',
    })
  })

  it('lets finance and admin have none', () => {
    expect(StaffAssignmentSchema.parse({ role: 'finance' })).toEqual({
      role: 'finance',
      branch_id: null,
    })
    expect(StaffAssignmentSchema.safeParse({ role: 'admin', branch_id: null }).success).toBe(true)
  })

  it('never makes a customer staff here', () => {
    expect(StaffAssignmentSchema.safeParse({ role: 'customer' }).success).toBe(false)
  })
})
