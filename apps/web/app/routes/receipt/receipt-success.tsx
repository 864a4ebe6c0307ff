import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { SubmittedPage } from '~/components/credit/submitted-page.tsx'
import type { Route } from './+types/receipt-success'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'receipt.success.title', 'receipt.description')

/** docs/product/credit.md (Repayment receipts): the receipt waits for finance's check. */
export function loader({ params }: Route.LoaderArgs) {
  return pageMessages(params, ['receipt'])
}

export default function ReceiptSuccess() {
  return <SubmittedPage keys="receipt.success" to="/dashboard" />
}
