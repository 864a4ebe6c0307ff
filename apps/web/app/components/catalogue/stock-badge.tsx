import { useI18n } from '~/utils/i18n.ts'

/** In stock / out of stock, in words and colour (never colour alone). */
export function StockBadge({ inStock, count }: { inStock: boolean; count?: number | undefined }) {
  const { t } = useI18n()
  const text = !inStock
    ? t('products.card.outOfStock')
    : count === undefined
      ? t('products.card.inStock')
      : t('products.card.inStockCount', { count })
  return <span className={`status-pill ${inStock ? 'open' : 'closed'}`}>{text}</span>
}
