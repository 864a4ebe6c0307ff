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

type Props = {
  imageKey: string
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
  group,
  alt,
  size = 160,
  eager = false,
  className,
}: Props) {
  return (
    <img
      className={className}
      src={productImageUrl(imageKey, group)}
      width={size}
      height={size}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
