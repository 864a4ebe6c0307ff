import { data } from 'react-router'
import type { Route } from './+types/not-found'

/** docs/product/shell.md: an unknown route answers HTTP 404 with 'Page not found: {path}'. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname
  throw data({ path }, { status: 404 })
}

export default function NotFound() {
  return null
}
