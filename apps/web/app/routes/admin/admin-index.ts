import { redirect } from 'react-router'
import type { Route } from './+types/admin-index'

/** The KYC queue is finance's first page; the repayment queues join it later. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${params.lang}/admin/kyc`)
}
