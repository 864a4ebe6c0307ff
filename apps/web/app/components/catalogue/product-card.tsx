import { Link } from 'react-router'
import type { CardProduct } from '~/routes/products/+shared/catalogue-data.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { usePrefetch } from '~/utils/prefetch.ts'
import { ProductImage } from './product-image.tsx'
import { StockBadge } from './stock-badge.tsx'

type Props = {
  product: CardProduct
  /** h2 in a list under the page's h1, h3 inside a section (home's featured products). */
  headingLevel?: 2 | 3
  eager?: boolean
}

/** docs/product/catalogue.md: a product in a list: picture, name in the page's language, brand, price and stock. */
export function ProductCard({ product, headingLevel = 2, eager = false }: Props) {
  const { t, locale, money } = useI18n()
  const prefetch = usePrefetch()
  const name = product.name
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const category = t(`products.categories.${product.category}`)
  return (
    <article className="cat-card">
      <ProductImage
        className="cat-card-image"
        imageKey={product.image_key}
        photo={product.photo}
        group={product.group}
        alt={t('products.imageAlt', { category })}
        eager={eager}
      />
      <div className="cat-card-body">
        <Heading className="cat-card-name">
          <Link
            to={localePath(locale, `/products/${product.group}/${product.id}`)}
            prefetch={prefetch}
          >
            {name}
          </Link>
        </Heading>
        <p className="cat-card-brand">{product.brand}</p>
        <p className="cat-card-price">
          {product.price_from
            ? t('products.card.priceFrom', {
                price: money(product.price_from.amount_minor, product.price_from.currency),
              })
            : t('products.card.noPrice')}
        </p>
        <StockBadge inStock={product.in_stock} />
      </div>
    </article>
  )
}
