import { apiContext } from '~/utils/context.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import type { Route } from './+types/product-photo'

/**
 * docs/product/back-office.md (Products): a product photo, passed on from the API (the browser
 * talks only to this server). A photo's URL never changes its picture (a new upload gets a new
 * name), so browsers and proxies keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const name = params.name ?? ''
  const file = params.file ?? ''
  if (!/^[A-Za-z0-9_-]{22}$/.test(name) || !/^\d{2,3}\.webp$/.test(file))
    return new Response('Not found', { status: 404 })
  try {
    const response = await context.get(apiContext).productPhoto(name, file)
    return new Response(response.body, {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return new Response('Not found', {
      status: error.statusCode === 404 || error.statusCode === 400 ? 404 : 503,
    })
  }
}
