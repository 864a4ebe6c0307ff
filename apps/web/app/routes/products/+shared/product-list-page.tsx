import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useTypedBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { ADDRESS_STATE_ATTRIBUTE } from '~/utils/scripts-after-paint.ts'
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router'
import { TextField } from '~/components/form/text-field.tsx'
import { MARKET_CURRENCY } from '@padi/domain/markets'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { ProductCard } from '~/components/catalogue/product-card.tsx'
import { MarketSwitch } from '~/components/catalogue/market-switch.tsx'
import type { ProductListData } from './catalogue-data.ts'
import {
  activeFilterCount,
  LIST_FIELDS,
  categoriesOf,
  listSearch,
  sortChoices,
  sortSelectValue,
  type ListField,
  type ListState,
} from './list-query.ts'

/** Pictures of the first row or two load at once (2–4 cards depending on the width). */
const EAGER_IMAGES = 4

const CURRENCY_SYMBOL = { MYR: 'RM', THB: '฿' } as const

/** Catalogue key of each list parameter's label, for the note about values that were left out. */
const FIELD_LABELS: Record<ListField, string> = {
  q: 'products.search.label',
  category: 'products.filters.category',
  brand: 'products.filters.brand',
  min_price: 'products.filters.minPriceName',
  max_price: 'products.filters.maxPriceName',
  in_stock: 'products.filters.inStock',
  sort: 'products.sort.label',
  cursor: 'products.results.pageName',
}

type FormValues = Omit<ListState, 'cursor'>
/** Every list field the farmer can type or pick (the page cursor is only ever followed). */
const TYPED_FIELDS = LIST_FIELDS.filter(
  (field): field is Exclude<ListField, 'cursor'> => field !== 'cursor',
)

function formValues(state: ListState): FormValues {
  const { cursor: _cursor, ...rest } = state
  return { ...rest, sort: sortSelectValue(state) as ListState['sort'] }
}

/** The non-empty fields of the form, so the URL keeps only what is set (a GET form sends all). */
function cleanParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(key, value.trim())
  }
  return params
}

/** The list of one group, or of the whole shop, with search, filters, sort and paging by cursor. */
export function ProductListPage({ data }: { data: ProductListData }) {
  const { t, locale } = useI18n()
  const location = useLocation()
  const navigation = useNavigation()
  const submit = useSubmit()
  const { state, group } = data
  const path = localePath(locale, group ? `/products/${group}` : '/products')
  const symbol = CURRENCY_SYMBOL[MARKET_CURRENCY[data.market]]

  // The fields follow the URL: after a submit they already match; after Back, a paging link or
  // "Clear filters" they are reset from the new URL (without remounting, so focus stays). Not while
  // a newer change is on its way: a page landing then must not undo a box ticked meanwhile.
  const [values, setValues] = useState<FormValues>(() => formValues(state))
  const [shownSearch, setShownSearch] = useState(location.search)
  // Text typed while a list is on its way (a price typed as a category loads): kept when that list
  // lands, and then applied, so nothing typed is lost and the list catches up with the fields.
  const [typedWhileLoading, setTypedWhileLoading] = useState<Partial<FormValues>>({})
  const [catchUp, setCatchUp] = useState(false)
  // A list asked for by this form and not landed yet. The router's own state says so too, but a
  // beat later (its updates render as a transition): on a slow phone a price typed straight after
  // a category is chosen comes before it, and would be lost when the list lands.
  const [sending, setSending] = useState(false)
  if (sending && navigation.state !== 'idle') setSending(false)
  if (shownSearch !== location.search && navigation.state === 'idle') {
    setShownSearch(location.search)
    setSending(false)
    setValues({ ...formValues(state), ...typedWhileLoading })
    if (Object.keys(typedWhileLoading).length > 0) {
      setTypedWhileLoading({})
      setCatchUp(true)
    }
  }
  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }))
  useTypedBeforeHydration(TYPED_FIELDS, ({ in_stock, sort, ...text }) => {
    set({
      ...text,
      ...(sort === undefined ? {} : { sort: sort as FormValues['sort'] }),
      ...(in_stock === undefined ? {} : { in_stock: in_stock !== '' }),
    })
    // A select or the checkbox applies at once with JavaScript; one changed before it arrived is
    // applied now. Typed text still waits for the button, as it does with JavaScript.
    const picked = [sort, in_stock, text.category, text.brand].some((value) => value !== undefined)
    if (picked) setCatchUp(true)
  })
  const type = (patch: Partial<FormValues>) => {
    set(patch)
    if (sending || navigation.state !== 'idle')
      setTypedWhileLoading((typed) => ({ ...typed, ...patch }))
  }
  const form = useRef<HTMLFormElement>(null)

  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname

  // With JavaScript, choosing a select or the checkbox applies it at once (no history entry per
  // change); typed text waits for the button or Enter. Without, the buttons submit the same form.
  const send = (form: HTMLFormElement, replace: boolean) => {
    setSending(true)
    void submit(cleanParams(form), {
      method: 'get',
      action: path,
      preventScrollReset: true,
      replace,
    })
  }
  useEffect(() => {
    if (!catchUp || !form.current) return
    setCatchUp(false)
    setSending(true)
    void submit(cleanParams(form.current), {
      method: 'get',
      action: path,
      preventScrollReset: true,
      replace: true,
    })
  }, [catchUp, submit, path])
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const el = event.target as HTMLElement
    if (
      el instanceof HTMLSelectElement ||
      (el instanceof HTMLInputElement && el.type === 'checkbox')
    )
      send(event.currentTarget, true)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send(event.currentTarget, false)
  }

  const filterCount = activeFilterCount(state)
  const brandOptions =
    state.brand && !data.brands.some((b) => b.toLowerCase() === state.brand.toLowerCase())
      ? [state.brand, ...data.brands]
      : data.brands
  const groupName = group ? t(`products.groups.${group}`) : t('products.searchAll.title')
  const hasFilters = filterCount > 0 || state.q !== '' || state.sort !== ''

  return (
    <div className="cat-list-page">
      <p className="cat-back">
        <Link to={localePath(locale, '/products')}>{t('products.allProducts')}</Link>
      </p>
      <h1>{groupName}</h1>
      <MarketSwitch market={data.market} locked={data.marketLocked} />

      <Form
        ref={form}
        method="get"
        action={path}
        className="cat-filters"
        // docs/product/catalogue.md: after Back the fields say what the list shows.
        autoComplete="off"
        {...{ [ADDRESS_STATE_ATTRIBUTE]: '' }}
        onChange={onChange}
        onSubmit={onSubmit}
        preventScrollReset
      >
        <div role="search" className="cat-search">
          <div className="field">
            <label htmlFor="cat-q">{t('products.search.label')}</label>
            <div className="cat-search-row">
              <input
                id="cat-q"
                name="q"
                type="search"
                enterKeyHint="search"
                maxLength={100}
                placeholder={t('products.search.placeholder')}
                value={values.q}
                onChange={(e) => type({ q: e.target.value })}
              />
              <button type="submit" className="button">
                {t('products.search.button')}
              </button>
            </div>
          </div>
        </div>

        <div className="cat-sort">
          <div className="field">
            <label htmlFor="cat-sort">{t('products.sort.label')}</label>
            <select
              id="cat-sort"
              name="sort"
              value={values.sort}
              onChange={(e) => set({ sort: e.target.value as ListState['sort'] })}
            >
              {sortChoices(state.q !== '').map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {t(choice.key)}
                </option>
              ))}
            </select>
          </div>
          <noscript>
            <button type="submit" className="button secondary">
              {t('products.sort.button')}
            </button>
          </noscript>
        </div>

        <details className="cat-more">
          <summary>
            {t('products.filters.title')}
            {filterCount > 0 ? (
              <span className="cat-count">
                {' '}
                {t('products.filters.activeCount', { count: filterCount })}
              </span>
            ) : null}
          </summary>
          <div className="cat-more-body">
            <div className="field">
              <label htmlFor="cat-category">{t('products.filters.category')}</label>
              <select
                id="cat-category"
                name="category"
                value={values.category}
                onChange={(e) => set({ category: e.target.value })}
              >
                <option value="">{t('products.filters.allCategories')}</option>
                {categoriesOf(group).map((c) => (
                  <option key={c} value={c}>
                    {t(`products.categories.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="cat-brand">{t('products.filters.brand')}</label>
              <select
                id="cat-brand"
                name="brand"
                value={values.brand}
                onChange={(e) => set({ brand: e.target.value })}
              >
                <option value="">{t('products.filters.allBrands')}</option>
                {brandOptions.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="cat-price">
              <legend>{t('products.filters.price', { symbol })}</legend>
              {(['min_price', 'max_price'] as const).map((field) => (
                <TextField
                  key={field}
                  id={field === 'min_price' ? 'cat-min' : 'cat-max'}
                  name={field}
                  label={t(
                    field === 'min_price'
                      ? 'products.filters.minPrice'
                      : 'products.filters.maxPrice',
                    { symbol },
                  )}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  value={values[field]}
                  onChange={(e) => type({ [field]: e.target.value })}
                />
              ))}
            </fieldset>
            <div className="cat-check">
              <input
                id="cat-stock"
                name="in_stock"
                type="checkbox"
                value="true"
                checked={values.in_stock}
                onChange={(e) => set({ in_stock: e.target.checked })}
              />
              <label htmlFor="cat-stock">{t('products.filters.inStock')}</label>
            </div>
            <div className="button-row">
              <button type="submit" className="button">
                {t('products.filters.apply')}
              </button>
            </div>
          </div>
        </details>
        {filterCount > 0 ? <ActiveFilters state={state} path={path} symbol={symbol} /> : null}
      </Form>

      {data.ignored.length > 0 ? (
        <p className="notice cat-note" role="status">
          {t('products.results.ignored', {
            fields: data.ignored.map((f) => t(FIELD_LABELS[f], { symbol })).join(', '),
          })}
        </p>
      ) : null}

      <Results data={data} path={path} busy={busy} clearable={hasFilters} />
    </div>
  )
}

/**
 * The filters in use, each a link to the same list without it: visible while the filter panel is
 * closed, and one tap to undo (works without JavaScript).
 */
function ActiveFilters({
  state,
  path,
  symbol,
}: {
  state: ListState
  path: string
  symbol: string
}) {
  const { t } = useI18n()
  const chips: { key: string; label: string; without: Partial<ListState> }[] = []
  if (state.category)
    chips.push({
      key: 'category',
      label: t(`products.categories.${state.category}`),
      without: { category: '' },
    })
  if (state.brand) chips.push({ key: 'brand', label: state.brand, without: { brand: '' } })
  if (state.min_price)
    chips.push({
      key: 'min',
      label: t('products.filters.minChip', { price: `${symbol}${state.min_price}` }),
      without: { min_price: '' },
    })
  if (state.max_price)
    chips.push({
      key: 'max',
      label: t('products.filters.maxChip', { price: `${symbol}${state.max_price}` }),
      without: { max_price: '' },
    })
  if (state.in_stock)
    chips.push({ key: 'stock', label: t('products.filters.inStock'), without: { in_stock: false } })
  return (
    <ul className="cat-active" aria-label={t('products.filters.active')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={`${path}${listSearch(state, { ...chip.without, cursor: '' })}`}
            aria-label={t('products.filters.remove', { filter: chip.label })}
            preventScrollReset
          >
            {chip.label} <span aria-hidden="true">✕</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function Results({
  data,
  path,
  busy,
  clearable,
}: {
  data: ProductListData
  path: string
  busy: boolean
  /** A search, filter or sort is set: offer the way back to the whole list. */
  clearable: boolean
}) {
  const { t } = useI18n()
  // The query this list was rendered for: lets a reader (and the browser tests) tell a settled
  // page from one still being replaced after the address changed.
  const { search } = useLocation()
  const { state } = data
  if (data.status === 'failed' || data.status === 'busy') {
    return (
      <div className="cat-problem" role="alert">
        <p className="form-error">
          {data.status === 'busy'
            ? t(data.wait?.key ?? 'security.tooManyRequest.details', data.wait?.params)
            : t('products.results.error')}
        </p>
        <p>
          <Link className="button secondary" to={`${path}${listSearch(state)}`}>
            {t('products.results.retry')}
          </Link>
        </p>
      </div>
    )
  }
  if (data.status === 'invalid') {
    return (
      <div className="cat-problem" role="alert">
        <p className="form-error">{t('products.results.invalid')}</p>
        <p>
          <Link className="button secondary" to={`${path}${listSearch(state, { cursor: '' })}`}>
            {t('products.results.firstPage')}
          </Link>
        </p>
      </div>
    )
  }
  const count = data.products.length
  return (
    <section
      className="cat-results"
      aria-labelledby="cat-results-title"
      aria-busy={busy}
      data-search={search}
    >
      <h2 id="cat-results-title" className="cat-sr-only">
        {t('products.results.title')}
      </h2>
      <div className="cat-results-head">
        <p className="cat-status" role="status">
          {state.q ? (
            <strong className="cat-query">
              {t('products.results.searchFor', { q: state.q })}{' '}
            </strong>
          ) : null}
          <span className="muted">
            {count === 0
              ? t('products.results.empty')
              : t(count === 1 ? 'products.results.countOne' : 'products.results.countOther', {
                  count,
                })}
          </span>
        </p>
        {clearable ? (
          <p className="cat-clear">
            <Link to={path}>{t('products.filters.clear')}</Link>
          </p>
        ) : null}
      </div>
      {data.problem ? <p className="cat-problem">{data.problem.intro}</p> : null}
      {count === 0 ? (
        <p>{t('products.results.emptyHint')}</p>
      ) : (
        <ul className="cat-grid">
          {data.products.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} eager={i < EAGER_IMAGES} />
              {/* Here rather than in the card, which every page with a card loads first. */}
              {product.spray_when && data.problem ? (
                <p className="cat-card-when">
                  <strong>{data.problem.whenLabel}</strong> {product.spray_when}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {state.cursor || data.nextCursor ? (
        <nav className="cat-pages" aria-label={t('products.results.pages')}>
          {state.cursor ? (
            <Link className="button secondary" to={`${path}${listSearch(state, { cursor: '' })}`}>
              {t('products.results.firstPage')}
            </Link>
          ) : null}
          {data.nextCursor ? (
            <Link
              className="button"
              rel="next"
              to={`${path}${listSearch(state, { cursor: data.nextCursor })}`}
            >
              {t('products.results.nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
