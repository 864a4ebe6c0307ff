import type { MetaDescriptor } from 'react-router'
import { localizedText } from '@padi/domain/i18n/locales'
import type { RootData } from '~/root.tsx'
import { pageMeta } from '~/utils/meta.ts'
import type { ProductDetailData } from './catalogue-data.ts'

type MatchLike = { id: string; loaderData?: unknown } | undefined

/** docs/product/catalogue.md: '{page} | {product}', the page being the product's name in the page's language. */
export function productMeta(
  matches: readonly MatchLike[],
  data: ProductDetailData | undefined,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined
  const product = data?.product
  if (!root || !product) return pageMeta(matches, 'products.title', 'products.description')
  return [
    { title: `${localizedText(product.name, root.locale)} | ${root.productName}` },
    { name: 'description', content: localizedText(product.title, root.locale) },
  ]
}
