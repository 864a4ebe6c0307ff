import type { MetaDescriptor } from 'react-router'
import type { RootData } from '~/root.tsx'
import { createTranslator, mergeRouteMessages } from './i18n.ts'

type MatchLike = { id: string; loaderData?: unknown; data?: unknown } | undefined

/** docs/product/shell.md: titles read '{page} | {product}'; the page name comes from the catalogue. */
export function pageMeta(
  matches: readonly MatchLike[],
  titleKey: string,
  descriptionKey?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')
  const data = (root?.loaderData ?? root?.data) as RootData | undefined
  if (!data) return [{ title: 'SawahMart' }]
  const t = createTranslator(
    data.locale,
    mergeRouteMessages(matches.map((m) => m?.loaderData ?? m?.data)),
  )
  const meta: MetaDescriptor[] = [{ title: `${t(titleKey)} | ${data.productName}` }]
  if (descriptionKey) meta.push({ name: 'description', content: t(descriptionKey) })
  return meta
}
