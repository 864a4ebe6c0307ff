import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { SubmittedPage } from '~/components/credit/submitted-page.tsx'
import type { Route } from './+types/late-repayment-success'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'extension.success.title', 'extension.description')

/** docs/product/credit.md (Late repayment): the application waits for finance. */
export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['extension'])
}

export default function LateRepaymentSuccess() {
  return <SubmittedPage keys="extension.success" to="/" />
}
