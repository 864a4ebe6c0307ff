import { jsonAnswer } from '~/utils/json-answer.server.ts'
import { action as receiptAction } from './receipt.tsx'
import type { Route } from './+types/receipt-send'

/** The receipt form sent by the page's script (with its progress): the same action, as JSON. */
export function action(args: Route.ActionArgs) {
  return jsonAnswer(() => receiptAction(args as unknown as Parameters<typeof receiptAction>[0]))
}
