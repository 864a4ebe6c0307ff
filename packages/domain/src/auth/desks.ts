import { LOCALES } from '../i18n/locales.ts'
import type { Role } from './roles.ts'

/**
 * docs/product/accounts.md (Desks): where each of the shop's own people works. Staff serve at
 * their branch's counter; finance and admin work in the back office. A customer has no desk: the
 * shop is theirs.
 */
export function deskPath(role: Role | string | null | undefined): '/staff' | '/admin' | null {
  if (role === 'staff') return '/staff'
  if (role === 'finance' || role === 'admin') return '/admin'
  return null
}

/** Back-office sections only admin opens (docs/product/back-office.md). */
const ADMIN_ONLY = [
  '/admin/products',
  '/admin/branches',
  '/admin/audit',
  '/admin/feedback',
  '/admin/jobs',
]

/** A customer's own pages: their cart, orders, credit and QR (nobody else has any of these). */
const CUSTOMER_ONLY = [
  '/cart',
  '/checkout',
  '/orders',
  '/dashboard',
  '/qr',
  '/receipt',
  '/kyc',
  '/renew-contract',
  '/add-to-cart',
]

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`)

/**
 * Whether a role may open a page (its path without the language prefix), as the login's way
 * back judges it: the counter is staff's, the back office finance's and admin's (some sections
 * admin's only), a customer's own pages are customers'; every other page is anyone's. The API
 * decides every permission; this only keeps a login from landing on a page that would refuse.
 */
export function roleMayOpen(role: Role | string, path: string): boolean {
  const p = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/'
  if (under(p, '/staff')) return role === 'staff'
  if (ADMIN_ONLY.some((base) => under(p, base))) return role === 'admin'
  if (under(p, '/admin')) return role === 'finance' || role === 'admin'
  if (CUSTOMER_ONLY.some((base) => under(p, base))) return role === 'customer'
  return true
}

/**
 * docs/product/accounts.md (Desks): where a login lands. The page the login was asked for on the
 * way (`back`, a path under the language prefix, already judged safe), when the role may open
 * it; otherwise the role's desk, or the shop's home for a customer.
 */
export function landingAfterLogin(role: Role | string, lang: string, back: string | null): string {
  const backLang = LOCALES.find((l) => back?.startsWith(`/${l}/`))
  if (back && backLang && roleMayOpen(role, back.slice(backLang.length + 1))) return back
  const desk = deskPath(role)
  return desk ? `/${lang}${desk}` : `/${lang}`
}
