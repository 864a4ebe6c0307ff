import { jsonAnswer } from '~/utils/json-answer.server.ts'
import { action as lateRepaymentAction } from './late-repayment.tsx'
import type { Route } from './+types/late-repayment-send'

/** The application with its documents sent by the page's script (with its progress), as JSON. */
export function action(args: Route.ActionArgs) {
  return jsonAnswer(() =>
    lateRepaymentAction(args as unknown as Parameters<typeof lateRepaymentAction>[0]),
  )
}
