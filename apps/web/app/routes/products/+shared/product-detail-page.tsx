import { useEffect, useState, type ReactNode } from 'react'
import { useTypedBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { Form, Link, useFetcher, useLocation } from 'react-router'
import { notify } from '~/components/toasts.tsx'
import type { AddToCartResult } from '~/routes/cart/add-to-cart.ts'
import type { ProductDetail } from '@padi/domain/catalogue/schemas'
import { LOCALE_HTML_LANG, localizedText, type LocalizedText } from '@padi/domain/i18n/locales'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { MarketSwitch } from '~/components/catalogue/market-switch.tsx'
import { ProductImage } from '~/components/catalogue/product-image.tsx'
import { StockBadge } from '~/components/catalogue/stock-badge.tsx'
import { BeforeScripts } from '~/components/form/before-scripts.tsx'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { checkQuantity, MAX_QUANTITY } from './catalogue-data.ts'
import type { FarmerOrder, ProductDetailData } from './catalogue-data.ts'
import { calculatorSearch, labelTankDose } from '~/routes/calculator/+shared/product-link.ts'
import { useCalculatorFormat } from '~/routes/calculator/+shared/use-calculator-format.ts'
import { formatDecimal } from '~/routes/calculator/+shared/format.ts'
import { RAI_PER_HECTARE } from '@padi/domain/calculators/input-calculation'

/** docs/product/catalogue.md: one product, every field of docs/product/catalogue.md, the pack picker and the prefilled calculator. */
export function ProductDetailPage({ data }: { data: ProductDetailData }) {
  const { t } = useI18n()
  const location = useLocation()
  const product = data.product
  if (!product) {
    return (
      <>
        <h1>{t('products.title')}</h1>
        <div role="alert">
          <p className="form-error">
            {data.wait ? t(data.wait.key, data.wait.params) : t('products.detail.error')}
          </p>
          <p>
            <Link className="button secondary" to={`${location.pathname}${location.search}`}>
              {t('products.results.retry')}
            </Link>
          </p>
        </div>
      </>
    )
  }
  // A new product or a new ?variation= (Back, or the picker without JavaScript) starts afresh.
  return (
    <ProductView
      key={`${product.id}-${data.variationId}-${data.quantity}`}
      data={data}
      product={product}
    />
  )
}

function ProductView({ data, product }: { data: ProductDetailData; product: ProductDetail }) {
  const { t, locale, money } = useI18n()
  const [variationId, setVariationId] = useState(data.variationId)
  const [quantityText, setQuantityText] = useState(data.quantity)
  useTypedBeforeHydration(['variation', 'quantity'], ({ variation, quantity }) => {
    const picked = product.variations.find((v) => String(v.id) === variation)
    if (picked) setVariationId(picked.id)
    if (quantity !== undefined) setQuantityText(quantity)
  })
  const name = localizedText(product.name, locale)
  const title = localizedText(product.title, locale)
  const groupName = t(`products.groups.${product.group}`)
  const category = t(`products.categories.${product.category}`)
  const marketName = t(`products.marketNames.${data.market}`)
  const variation = product.variations.find((v) => v.id === variationId) ?? null
  const quantityCheck = checkQuantity(quantityText)
  const isAgro = product.group === 'agrochems'
  const calculator = calculatorSearch(name, product.label_rate, variation, product.id)
  const labelTank = labelTankDose(product.label_rate)
  const format = useCalculatorFormat()
  const notStated = t('products.detail.notStated')
  const location = useLocation()
  const cart = useFetcher<AddToCartResult>()
  const adding = cart.state !== 'idle'
  const added = cart.state === 'idle' ? cart.data : undefined
  useEffect(() => {
    if (added) notify({ kind: added.ok ? 'success' : 'error', message: t(added.messageKey) })
  }, [added, t])
  const canAdd = Boolean(variation?.price) && (variation?.stock ?? 0) > 0 && quantityCheck.ok
  const hydrated = useHydrated()
  const where = useWhereToBuy(product, data.farmer ?? null)

  const phi =
    product.pre_harvest_interval_days === null
      ? null
      : product.pre_harvest_interval_days === 1
        ? t('products.detail.phiDaysOne')
        : t('products.detail.phiDaysOther', { days: product.pre_harvest_interval_days })

  // docs/product/catalogue.md Product fields; agrochemical rows always show (with "not stated"), for drone parts only
  // those that have a value.
  // Every text of the product in the reader's language (docs/product/catalogue.md).
  const text = (value: LocalizedText | null) => (value ? localizedText(value, locale) : null)
  const actives = product.active_ingredients.map((ai) => localizedText(ai, locale))
  const rows: { key: string; label: string; value: ReactNode | null; agro?: boolean }[] = [
    { key: 'brand', label: t('products.detail.brand'), value: product.brand },
    { key: 'category', label: t('products.detail.category'), value: category },
    {
      key: 'class',
      label: t('products.detail.class'),
      value: text(product.product_class),
      agro: true,
    },
    { key: 'formula', label: t('products.detail.formula'), value: product.formula, agro: true },
    {
      key: 'ai',
      label: t('products.detail.activeIngredients'),
      value:
        actives.length === 0 ? null : actives.length === 1 ? (
          actives[0]
        ) : (
          <ul className="cat-plain-list">
            {actives.map((ai) => (
              <li key={ai}>{ai}</li>
            ))}
          </ul>
        ),
      agro: true,
    },
    {
      key: 'dosage',
      label: t('products.detail.dosage'),
      value: text(product.dosage_per_hectare),
      agro: true,
    },
    {
      key: 'dilution',
      label: t('products.detail.dilution'),
      // docs/product/calculators.md: worked out as the calculator works it, so the two agree.
      value: labelTank
        ? t('products.detail.perTankLine', {
            amount: format.product(labelTank.amount, labelTank.unit),
            tank: labelTank.tankLitres,
            sprayer: t(`products.detail.sprayers.${labelTank.sprayer}`),
            volume: labelTank.litresPerHectare,
            perRai: formatDecimal(labelTank.litresPerHectare / RAI_PER_HECTARE, locale, 1),
          })
        : text(product.dilution_rate),
      agro: true,
    },
    { key: 'phi', label: t('products.detail.phi'), value: phi, agro: true },
  ]
  const shownRows = rows.filter((r) => r.value !== null || (isAgro && r.agro))
  const specification = product.specification
  const description = localizedText(product.description, locale)

  return (
    <article className="cat-detail">
      <nav aria-label={t('products.detail.breadcrumb')} className="cat-crumbs">
        <ol>
          <li>
            <Link to={localePath(locale, '/products')}>{t('products.title')}</Link>
          </li>
          <li>
            <Link to={localePath(locale, `/products/${product.group}`)}>{groupName}</Link>
          </li>
          <li>
            <span aria-current="page">{name}</span>
          </li>
        </ol>
      </nav>

      <div className="cat-detail-head">
        <ProductImage
          className="cat-detail-image"
          imageKey={product.image_key}
          photo={product.photo}
          group={product.group}
          alt={t('products.imageAlt', { category })}
          size={240}
          eager
        />
        <div className="cat-detail-intro">
          <p className="cat-detail-kicker">
            {product.brand} · {category}
          </p>
          <h1>{name}</h1>
          {title && title !== name ? <p className="cat-detail-title">{title}</p> : null}
          <p className="cat-detail-price">
            {product.price_from
              ? t('products.card.priceFrom', {
                  price: money(product.price_from.amount_minor, product.price_from.currency),
                })
              : t('products.detail.notSold', { market: marketName })}
          </p>
          <StockBadge inStock={product.in_stock} />
        </div>
      </div>
      <MarketSwitch market={data.market} locked={data.marketLocked} />

      {isAgro ? (
        <aside className="cat-safety" aria-labelledby="cat-safety-title">
          <h2 id="cat-safety-title">{t('products.detail.safetyTitle')}</h2>
          <p className="cat-safety-phi">
            <strong>{t('products.detail.phi')}:</strong> {phi ?? t('products.detail.phiOnLabel')}
          </p>
          <p>{t('products.detail.safetyBody')}</p>
        </aside>
      ) : null}

      <div className="cat-detail-side">
        <section className="cat-buy card" aria-labelledby="cat-packs-title">
          <h2 id="cat-packs-title">{t('products.detail.packs')}</h2>
          {/* Without JavaScript the picker is a GET form: the total and the calculator link follow
            the chosen pack after "Update". With JavaScript they follow at once. */}
          <Form method="get" preventScrollReset onSubmit={(e) => e.preventDefault()}>
            <fieldset className="cat-variations">
              <legend className="cat-sr-only">{t('products.detail.packs')}</legend>
              {product.variations.map((v) => {
                const label = localizedText(v.label, locale)
                return (
                  <label key={v.id} className="cat-variation">
                    <input
                      type="radio"
                      name="variation"
                      value={v.id}
                      checked={variationId === v.id}
                      disabled={v.price === null}
                      onChange={() => setVariationId(v.id)}
                    />
                    <span className="cat-variation-label">{label}</span>
                    <span className="cat-variation-price">
                      {v.price
                        ? money(v.price.amount_minor, v.price.currency)
                        : t('products.detail.notSold', { market: marketName })}
                    </span>
                    {v.price ? <StockBadge inStock={v.stock > 0} count={v.stock} /> : null}
                    {v.price ? <PackWhere where={where} variationId={v.id} /> : null}
                  </label>
                )
              })}
            </fieldset>
            <div className="field cat-quantity">
              <label htmlFor="cat-quantity">{t('products.detail.quantity')}</label>
              <input
                id="cat-quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_QUANTITY}
                step={1}
                value={quantityText}
                onChange={(e) => setQuantityText(e.target.value)}
                aria-invalid={quantityCheck.ok ? undefined : true}
                aria-describedby={quantityCheck.ok ? undefined : 'cat-quantity-error'}
              />
              {quantityCheck.ok ? null : (
                <p className="field-error" id="cat-quantity-error">
                  {t(quantityCheck.error, { max: MAX_QUANTITY })}
                </p>
              )}
            </div>
            {variation?.price && quantityCheck.ok ? (
              <p className="cat-total" aria-live="polite">
                {t('products.detail.total', {
                  quantity: quantityCheck.quantity,
                  price: money(
                    variation.price.amount_minor * quantityCheck.quantity,
                    variation.price.currency,
                  ),
                })}
              </p>
            ) : null}
            <input type="hidden" name="product_id" value={product.id} />
            <input
              type="hidden"
              name="redirect_to"
              value={`${location.pathname}${location.search}`}
            />
            {/* docs/product/shell.md (Before the scripts arrive): "Update" is there until the page
              hydrates (not in a <noscript>, hidden while the scripts are on their way). It comes
              first in the form, so Enter in the count updates and never adds to the cart, but is
              drawn after "Add to cart": when it goes at hydration nothing the farmer may be
              tapping moves (a tap made as the scripts arrived once landed beside the button). */}
            <div className="cat-buy-actions">
              {hydrated ? null : (
                <button type="submit" className="button secondary cat-update">
                  {t('products.detail.update')}
                </button>
              )}
              {/* docs/product/orders-and-payments.md: 'Add to cart' with the chosen pack and
                quantity. Without JavaScript the button posts this form to the cart and the page
                comes back with a notice; with JavaScript it is sent in the background. */}
              <button
                type="submit"
                className="button primary cat-add"
                formMethod="post"
                formAction={localePath(locale, '/add-to-cart')}
                disabled={!canAdd || adding}
                onClick={(event) => {
                  event.preventDefault()
                  if (!canAdd || !variation || !quantityCheck.ok) return
                  void cart.submit(
                    {
                      product_id: product.id,
                      variation: variation.id,
                      quantity: quantityCheck.quantity,
                      _fetch: '1',
                    },
                    { method: 'post', action: localePath(locale, '/add-to-cart') },
                  )
                }}
              >
                {adding ? t('products.detail.adding') : t('products.detail.addToCart')}
              </button>
            </div>
            {/* The total above is for the pack and quantity the page came with; a change made
              before the scripts run says so here, under the buttons, so that its going moves
              none of them. */}
            <BeforeScripts className="cat-total-before">
              {t('products.detail.beforeScripts')}
            </BeforeScripts>
            <p className="cat-add-result" aria-live="polite">
              {added ? t(added.messageKey) : null}
            </p>
          </Form>
        </section>

        {calculator ? (
          <section className="cat-calculator" aria-labelledby="cat-calculator-title">
            <h2 id="cat-calculator-title">{t('products.detail.calculatorTitle')}</h2>
            <p>{t('products.detail.calculatorBody')}</p>
            <Link
              className="button secondary"
              to={`${localePath(locale, '/calculator/input-calculation')}${calculator}`}
            >
              {t('products.detail.calculator')}
            </Link>
          </section>
        ) : null}
      </div>

      <section aria-labelledby="cat-details-title">
        <h2 id="cat-details-title">{t('products.detail.details')}</h2>
        <dl className="cat-facts">
          {shownRows.map((row) => (
            <div key={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value ?? notStated}</dd>
            </div>
          ))}
        </dl>
      </section>

      {description ? (
        <section aria-labelledby="cat-description-title">
          <h2 id="cat-description-title">{t('products.detail.description')}</h2>
          <p className="cat-description">{description}</p>
        </section>
      ) : null}

      {specification.length > 0 ? (
        <section aria-labelledby="cat-spec-title">
          <h2 id="cat-spec-title">{t('products.detail.specification')}</h2>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="cat-spec-title">
            <table className="cat-spec">
              <tbody>
                {specification.map((row) => (
                  <tr key={row.label.en}>
                    <th scope="row">{localizedText(row.label, locale)}</th>
                    <td>{localizedText(row.value, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {product.fits_models.length > 0 ? (
        <section aria-labelledby="cat-fits-title">
          <h2 id="cat-fits-title">{t('products.detail.fitsModels')}</h2>
          <ul className="cat-tags">
            {product.fits_models.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="cat-where-title">
        <h2 id="cat-where-title">{t('products.detail.whereToBuy')}</h2>
        {product.where_to_buy.length === 0 ? (
          <p>{t('products.detail.noBranches', { market: marketName })}</p>
        ) : (
          <WhereToBuy where={where} variations={product.variations} />
        )}
        <p>
          <Link className="tap-link" to={localePath(locale, '/contact')}>
            {t('products.detail.findBranch')}
          </Link>
        </p>
      </section>
    </article>
  )
}

/** A branch holding a pack, as the page shows it. */
type PackBranch = {
  id: number
  name: string
  quantity: number
  km: number | null
  preferred: boolean
}

type Where = {
  /** The branches holding each pack, in the farmer's order (their branch, then the nearest). */
  packs: Map<number, PackBranch[]>
  /** The farmer's own branch, named; null for a visitor or a farmer without one. */
  preferredName: string | null
}

/**
 * docs/product/catalogue.md (Stock and where to buy), docs/product/orders-and-payments.md (Stock
 * at pickup): per pack, the branches that hold it. For a logged-in farmer their own branch comes
 * first, then the nearest (ADR 068); for a visitor the branches' usual order.
 */
function useWhereToBuy(product: ProductDetail, farmer: FarmerOrder | null): Where {
  const { locale } = useI18n()
  const names = new Map(
    product.where_to_buy.map((b) => [b.branch_id, localizedText(b.name, locale)]),
  )
  const rank = new Map(farmer?.ranked.map((b, index) => [b.id, { ...b, index }]) ?? [])
  const packs = new Map(
    product.variations.map((v) => [
      v.id,
      v.branches
        .map((b, index) => {
          const ranked = rank.get(b.branch_id)
          return {
            id: b.branch_id,
            name: names.get(b.branch_id) ?? '',
            quantity: b.quantity,
            km: ranked?.km ?? null,
            preferred: ranked?.preferred ?? false,
            order: ranked?.index ?? index,
          }
        })
        .sort((x, y) => x.order - y.order),
    ]),
  )
  return { packs, preferredName: farmer?.preferredName ?? null }
}

/** Under a pack in the picker: whether the farmer's branch has it, else where the nearest is. */
function PackWhere({ where, variationId }: { where: Where; variationId: number }) {
  const { t } = useI18n()
  const held = where.packs.get(variationId) ?? []
  const first = held[0]
  if (!first) return null
  const text =
    where.preferredName !== null
      ? first.preferred
        ? t('products.detail.packAtYourBranch', { branch: first.name })
        : t('products.detail.packNotAtYourBranch', {
            branch: where.preferredName,
            nearest: first.name,
          })
      : held.length === 1
        ? t('products.detail.packOnlyAt', { branch: first.name })
        : t('products.detail.packAtBranches', { count: held.length })
  return <span className="cat-variation-where">{text}</span>
}

/** "Where to buy": each pack with the branches that hold it, how many, and how far. */
function WhereToBuy({
  where,
  variations,
}: {
  where: Where
  variations: ProductDetail['variations']
}) {
  const { t, locale } = useI18n()
  const km = new Intl.NumberFormat(LOCALE_HTML_LANG[locale], { maximumFractionDigits: 0 })
  const sold = variations.filter((v) => v.price !== null)
  return (
    <>
      <p className="hint">
        {where.preferredName
          ? t('products.detail.whereToBuyYours', { branch: where.preferredName })
          : t('products.detail.whereToBuyIntro')}
      </p>
      {sold.map((v) => {
        const held = where.packs.get(v.id) ?? []
        const headingId = `cat-where-${v.id}`
        return (
          <section key={v.id} className="cat-where-pack" aria-labelledby={headingId}>
            <h3 id={headingId}>{localizedText(v.label, locale)}</h3>
            {held.length === 0 ? (
              <p>{t('products.detail.packNowhere')}</p>
            ) : (
              <ul className="cat-branches">
                {held.map((b) => (
                  <li key={b.id}>
                    <span className="cat-branch-name">
                      {b.name}
                      {b.preferred ? (
                        <span className="cat-branch-own"> · {t('products.detail.yourBranch')}</span>
                      ) : b.km !== null ? (
                        <span className="cat-branch-km">
                          {' '}
                          · {t('products.detail.kmAway', { km: km.format(b.km) })}
                        </span>
                      ) : null}
                    </span>
                    <StockBadge inStock count={b.quantity} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )
      })}
    </>
  )
}
