// One pictogram per category (docs/product/catalogue.md), served by Vite under content-hashed /assets URLs that the
// server caches for a year; nothing is inlined into the HTML.
const FILES = import.meta.glob<string>('~/assets/products/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
})
const URLS: Record<string, string> = Object.fromEntries(
  Object.entries(FILES).map(([path, url]) => [/([^/]+)\.svg$/.exec(path)?.[1] ?? path, url]),
)

/** The picture for a product's image_key; an unknown key falls back to its group's first one. */
export function productImageUrl(imageKey: string, group: 'agrochems' | 'drones'): string {
  return URLS[imageKey] ?? URLS[group === 'drones' ? 'frames_arms' : 'fertilizer'] ?? ''
}

/**
 * docs/product/back-office.md (Products): an uploaded photo at a size the shop uses, through this
 * web server (`/img/products/...`), with twice the size for sharp screens.
 */
export function productPhotoUrl(photo: string, size: number): string {
  return `/img/products/${photo}/${size}.webp`
}

type Props = {
  imageKey: string
  /** An uploaded photo, shown instead of the category's pictogram. */
  photo?: string | null | undefined
  group: 'agrochems' | 'drones'
  alt: string
  /** Pixel size of the square picture (CSS may show it smaller). */
  size?: number
  /** Pictures in the first screenful load at once; the rest wait until scrolled to. */
  eager?: boolean
  className?: string
}

export function ProductImage({
  imageKey,
  photo,
  group,
  alt,
  size = 160,
  eager = false,
  className,
}: Props) {
  return (
    <img
      className={className}
      src={photo ? productPhotoUrl(photo, size) : productImageUrl(imageKey, group)}
      srcSet={photo ? `${productPhotoUrl(photo, size * 2)} 2x` : undefined}
      width={size}
      height={size}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
