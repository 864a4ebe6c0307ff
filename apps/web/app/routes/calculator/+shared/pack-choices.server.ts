import type { RouterContextProvider } from 'react-router'
import { CART_MAX_COUNT } from '@padi/domain/cart/cart'
import { toBaseAmount, PRODUCT_UNITS } from '@padi/domain/calculators/input-calculation'
import type { ProductUnit } from '@padi/domain/calculators/input-calculation'
import { localizedText } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import { apiContext } from '~/utils/context.server.ts'
import { serverTranslator } from '~/utils/messages.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { farmerPlace, localeOf } from '~/routes/products/+shared/catalogue.server.ts'
import type { PackChoices } from './input-form.ts'

type Args = {
  params: { lang?: string | undefined }
  context: Readonly<RouterContextProvider>
}

const isUnit = (unit: string | null): unit is ProductUnit =>
  (PRODUCT_UNITS as readonly string[]).includes(unit ?? '')

/**
 * docs/product/calculators.md (Which packs to buy): the packs of the product the calculator was
 * opened from (its `pack_id`), each with its amount in the calculator's unit, its price, and how
 * many the farmer can have where they buy: their branch's stock when logged in with one, else the
 * market's. The two notes are written here, in the page's language, so the page carries them
 * only when it has a product. Null without a product or when it cannot be read (the count of the
 * one pack still shows).
 */
export async function packChoices(
  args: Args,
  packId: string,
  market: Market,
): Promise<PackChoices | null> {
  // The product of `pack_id` (product.variation.size, as packForCart reads it).
  const productId = Number(/^(\d{1,10})\./.exec(packId)?.[1] ?? 0)
  if (productId < 1 || productId > 2_147_483_647) return null
  const api = args.context.get(apiContext)
  const locale = localeOf(args.params)
  try {
    const [product, place] = await Promise.all([
      api.getProduct(productId, market),
      farmerPlace(args, api),
    ])
    const branchId = place?.preferredBranchId ?? null
    const branch =
      branchId === null
        ? null
        : ((await api.listBranches(market)).find((b) => b.id === branchId) ?? null)
    const options = product.variations.flatMap((v) =>
      v.price && v.pack_amount && isUnit(v.pack_unit)
        ? [
            {
              id: v.id,
              amount: Math.round(toBaseAmount(v.pack_amount, v.pack_unit)),
              priceMinor: v.price.amount_minor,
              available: branch
                ? (v.branches.find((b) => b.branch_id === branch.id)?.quantity ?? 0)
                : v.stock,
              label: localizedText(v.label, locale),
            },
          ]
        : [],
    )
    const currency = product.variations.find((v) => v.price)?.price?.currency
    if (options.length === 0 || !currency) return null
    const t = serverTranslator(locale, ['calculator'])
    const name = branch ? localizedText(branch.name, locale) : null
    return {
      productId,
      currency,
      maxCount: CART_MAX_COUNT,
      options,
      inStock: name
        ? t('calculator.input.plan.atBranch', { branch: name })
        : t('calculator.input.plan.inShop'),
      notInStock: name
        ? t('calculator.input.plan.notAtBranch', { branch: name })
        : t('calculator.input.plan.notInShop'),
    }
  } catch (error) {
    // Refused by the API: no packs offered (readRefusal throws anything else on).
    readRefusal(error)
    return null
  }
}
