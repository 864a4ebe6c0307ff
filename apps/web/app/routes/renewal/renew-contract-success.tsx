import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { SubmittedPage } from '~/components/credit/submitted-page.tsx'
import type { Route } from './+types/renew-contract-success'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'renewal.success.title', 'renewal.description')

/** docs/product/credit.md (Renewal): the signed renewal waits for finance. */
export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['renewal'])
}

export default function RenewContractSuccess() {
  return <SubmittedPage keys="renewal.success" to="/dashboard" />
}
