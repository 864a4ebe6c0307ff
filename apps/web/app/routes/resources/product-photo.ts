import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
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
    // No such photo (or a name the API does not take) is a 404; anything else, try later.
    const { kind } = readRefusal(error)
    return new Response('Not found', {
      status: kind === 'notFound' || kind === 'invalid' ? 404 : 503,
    })
  }
}
