import { apiContext } from '~/utils/context.server.ts'
import type { Route } from './+types/healthz'

/** docs/product/shell.md: 200 while the API, and through it the database, answers. */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { 'cache-control': 'no-store' }
  try {
    const health = await context.get(apiContext).health()
    return Response.json({ status: health.status, api: 'ok' }, { status: 200, headers })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers })
  }
}
