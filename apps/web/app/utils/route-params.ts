import { data } from 'react-router'

/**
 * A record's id from the address (`/admin/orders/:id`): a positive 32-bit integer, or the page
 * answers 404 like a record that does not exist (a forged or mistyped id never reaches the API).
 */
export function recordId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw data(null, { status: 404 })
  return Number(raw)
}
