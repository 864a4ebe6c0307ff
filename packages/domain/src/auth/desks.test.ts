import { describe, expect, it } from 'vitest'
import { deskPath, landingAfterLogin, roleMayOpen } from './desks.ts'

describe('desks (docs/product/accounts.md: Desks)', () => {
  it('gives staff the counter, finance and admin the back office, customers none', () => {
    expect(deskPath('staff')).toBe('/staff')
    expect(deskPath('finance')).toBe('/admin')
    expect(deskPath('admin')).toBe('/admin')
    expect(deskPath('customer')).toBeNull()
    expect(deskPath(undefined)).toBeNull()
  })

  it('lets each role open its own pages only', () => {
    expect(roleMayOpen('staff', '/staff/orders?status=paid')).toBe(true)
    expect(roleMayOpen('finance', '/staff')).toBe(false)
    expect(roleMayOpen('finance', '/admin/kyc/3')).toBe(true)
    expect(roleMayOpen('finance', '/admin/audit')).toBe(false)
    expect(roleMayOpen('admin', '/admin/audit')).toBe(true)
    expect(roleMayOpen('staff', '/admin')).toBe(false)
    expect(roleMayOpen('customer', '/admin/orders')).toBe(false)
    expect(roleMayOpen('customer', '/cart')).toBe(true)
    expect(roleMayOpen('staff', '/cart')).toBe(false)
    expect(roleMayOpen('admin', '/checkout/payment')).toBe(false)
    // Everyone's pages: the shop, settings.
    expect(roleMayOpen('staff', '/products/12')).toBe(true)
    expect(roleMayOpen('finance', '/settings')).toBe(true)
    // A path that only starts like a section is not in it.
    expect(roleMayOpen('customer', '/administration')).toBe(true)
  })

  it('lands a login on the page asked for when the role may open it, else on its desk', () => {
    expect(landingAfterLogin('staff', 'en', null)).toBe('/en/staff')
    expect(landingAfterLogin('finance', 'bm', null)).toBe('/bm/admin')
    expect(landingAfterLogin('admin', 'th', null)).toBe('/th/admin')
    expect(landingAfterLogin('customer', 'en', null)).toBe('/en')
    expect(landingAfterLogin('staff', 'en', '/en/staff/orders')).toBe('/en/staff/orders')
    expect(landingAfterLogin('admin', 'en', '/th/admin/audit')).toBe('/th/admin/audit')
    expect(landingAfterLogin('finance', 'en', '/en/admin/audit')).toBe('/en/admin')
    expect(landingAfterLogin('staff', 'en', '/en/cart')).toBe('/en/staff')
    expect(landingAfterLogin('customer', 'en', '/en/cart')).toBe('/en/cart')
    expect(landingAfterLogin('customer', 'en', '/en/admin/kyc')).toBe('/en')
    expect(landingAfterLogin('finance', 'en', '/en/settings')).toBe('/en/settings')
  })
})
