import { getEnv } from '~/utils/env.server.ts'
import { localeForRequest } from '~/utils/locale.server.ts'

/**
 * docs/product/shell.md (The installable app): the web app manifest that makes the shop
 * installable on Android: the product's name, its colour, icons (maskable too) and where it opens.
 */
export function loader({ request }: { request: Request }) {
  const env = getEnv()
  const locale = localeForRequest(request)
  const colour = env.THEME_PRIMARY === 'red' ? '#b3261e' : '#1f6f3a'
  const manifest = {
    id: '/',
    name: env.PRODUCT_NAME,
    short_name: env.PRODUCT_NAME,
    lang: locale === 'bm' ? 'ms' : locale,
    start_url: `/${locale}`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: colour,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
  return new Response(JSON.stringify(manifest), {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      vary: 'Cookie, Accept-Language',
    },
  })
}
