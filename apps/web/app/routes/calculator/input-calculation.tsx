import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import { useTypedBeforeHydration } from '~/utils/typed-before-hydration.ts'
import type { FormEvent } from 'react'
import { Form, Link, useLocation, useSubmit, type ShouldRevalidateFunctionArgs } from 'react-router'
import { packForCart } from './+shared/product-link.ts'
import { convertArea } from '@padi/domain/calculators/area-units'
import {
  DEFAULT_SPRAYERS,
  DRONE_LITRES_PER_HECTARE_MAX,
  DRONE_LITRES_PER_HECTARE_MIN,
  INPUT_CALCULATION_WARNINGS,
  KNAPSACK_LITRES_PER_HECTARE_MAX,
  KNAPSACK_LITRES_PER_HECTARE_MIN,
  PRODUCT_UNITS,
  RAI_PER_HECTARE,
  SPRAYER_TYPES,
} from '@padi/domain/calculators/input-calculation'
import type {
  InputCalculationInput,
  InputCalculationResult,
  InputCalculationWarning,
} from '@padi/domain/calculators/input-calculation'
import { TextField } from '~/components/form/text-field.tsx'
import calculatorCss from '~/components/calculator/calculator.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { ChoiceGroup } from '~/components/calculator/choice-group.tsx'
import { SelectField } from '~/components/calculator/select-field.tsx'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { AREA_UNIT_ORDER, isThaiAreaUnit } from './+shared/area-form.ts'
import {
  followedChoices,
  INPUT_FORM_FIELDS,
  inputFormSearch,
  labelAllows,
  RATE_KINDS,
  readInputForm,
  switchRateUnit,
  switchSprayer,
  switchVolumeBasis,
  VOLUME_BASES,
} from './+shared/input-form.ts'
import type {
  InputEvaluation,
  InputFormField,
  InputFormState,
  InputFormValues,
  PackChoices,
} from './+shared/input-form.ts'
import { evaluateInputForm } from './+shared/input-evaluation.ts'
import { formKeyOf, useSearchSync } from './+shared/use-search-sync.ts'
import { useCalculatorFormat } from './+shared/use-calculator-format.ts'
import { useLateModule } from './+shared/use-late-module.ts'
import type { Route } from './+types/input-calculation'
import { pageMessages } from '~/utils/messages.server.ts'
import { productChoices, productPickerRedirect } from './+shared/product-picker.server.ts'
import type { ProductChoice } from './+shared/product-picker.server.ts'
import { pickedProductSearch, ProductPicker } from './+shared/product-picker.tsx'
import { BeforeScripts } from '~/components/form/before-scripts.tsx'
import type { Locale } from '@padi/domain/i18n/locales'
import type { PackPlan } from '@padi/domain/calculators/pack-plan'
import { localeOf, marketData } from '~/routes/products/+shared/catalogue.server.ts'
import { packChoices } from './+shared/pack-choices.server.ts'

// Query parameters (for links from product pages that prefill the label's rate) are documented
// on readInputForm in ./+shared/input-form.ts: product, area_value, area_unit, rate_kind,
// rate_amount, rate_unit, rate_tank_litres, label_litres_per_hectare, sprayer, tank_litres,
// litres_per_hectare, pack_amount, pack_unit.

export const handle: StyleHandle = { css: [calculatorCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'calculator.input.title', 'calculator.input.description')

export async function loader(args: Route.LoaderArgs) {
  const picked = await productPickerRedirect(args)
  if (picked) throw picked
  const url = new URL(args.request.url)
  const locale = localeOf(args.params)
  const values = readInputForm(url.searchParams, locale).values
  const [choices, packs] = await Promise.all([
    productChoices(args),
    values.pack_id ? packChoices(args, values.pack_id, marketData(args).market) : null,
  ])
  return {
    ...pageMessages(args.params, ['calculator', 'units']),
    choices,
    packs,
    // The answer for this address, computed here so the browser shows it without loading the
    // validation (zod) first; the browser loads it after the page is shown (budget F4).
    first: { search: url.search, evaluation: evaluateInputForm(values, packs) },
  }
}

// docs/product/calculators.md (Which packs to buy): the cart button comes in a file of its own,
// asked for as soon as this page's scripts run (the first-load budget, F4); the form the server
// drew works until it is here.
const addPacksToCart =
  typeof window === 'undefined' ? null : import('./+shared/add-packs-to-cart.tsx')
const AddPacksToCart = lazy(() => addPacksToCart ?? import('./+shared/add-packs-to-cart.tsx'))

type Evaluate = (values: InputFormValues, packs: PackChoices | null) => InputEvaluation

/** Set once the browser has the validation; until then the server computes every answer. */
let evaluatorLoaded = false

function useEvaluator(): Evaluate | null {
  const module = useLateModule(
    () => import('./+shared/input-evaluation.ts'),
    () => (evaluatorLoaded = true),
  )
  return module ? module.evaluateInputForm : null
}

/** While the answer is being worked out: no errors shown, the last answer stays. */
const PENDING: InputEvaluation = { ok: false, errors: {} }

// The loader only brings texts and the product choices: the server render computes the result
// from the query string (works without JavaScript) and the browser reruns the same pure domain
// functions as the farmer types, so the URL updates while typing need no server round trip.
export function shouldRevalidate({
  currentParams,
  nextParams,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  return (
    currentParams.lang !== nextParams.lang ||
    nextUrl.searchParams.has('product_id') ||
    formMethod === 'POST' ||
    !evaluatorLoaded
  )
}

/** Catalogue parameters for the warnings: the ranges come from docs/product/calculators.md. */
const WARNING_PARAMS: Readonly<Record<InputCalculationWarning, Record<string, number>>> = {
  [INPUT_CALCULATION_WARNINGS.droneVolumeOutOfRange]: {
    min: DRONE_LITRES_PER_HECTARE_MIN,
    max: DRONE_LITRES_PER_HECTARE_MAX,
  },
  [INPUT_CALCULATION_WARNINGS.knapsackVolumeOutOfRange]: {
    min: KNAPSACK_LITRES_PER_HECTARE_MIN,
    max: KNAPSACK_LITRES_PER_HECTARE_MAX,
  },
  [INPUT_CALCULATION_WARNINGS.droneCheckLabel]: {},
}

/** Catalogue key of each field's label, also used to list what is still missing. */
const FIELD_LABELS: Readonly<Record<InputFormField, string>> = {
  area_value: 'calculator.input.areaValue',
  area_unit: 'calculator.input.areaUnit',
  rate_kind: 'calculator.input.rateKind',
  rate_amount: 'calculator.input.rateAmount',
  rate_unit: 'calculator.input.rateUnit',
  rate_tank_litres: 'calculator.input.rateTankLitres',
  label_litres_per_hectare: 'calculator.input.labelVolume',
  sprayer: 'calculator.input.sprayerType',
  tank_litres: 'calculator.input.tankLitres',
  litres_per_hectare: 'calculator.input.litresPerHectare',
  volume_basis: 'calculator.input.volumeBasis',
  pack_amount: 'calculator.input.packAmount',
  pack_unit: 'calculator.input.packUnit',
  product: 'calculator.input.productLabel',
  pack_id: 'calculator.input.packAmount',
  label_sprayers: 'calculator.input.sprayerType',
}

/** Anchor of the result panel, the target after Calculate. */
const RESULT_ID = 'result'
/** The form, also named by the product picker's fields (they are sent with it). */
const FORM_ID = 'calc-input-form'
const AREA_HINT_ID = 'area-value-hint'

interface Shown {
  input: InputCalculationInput
  result: InputCalculationResult
  plan?: PackPlan | null | undefined
}

/**
 * Whether two addresses hold the same form: once the page runs, it writes the address it came with
 * in its own order (useSearchSync), and the server's answer for the first is still the answer
 * (without this it went away, "Working out the answer…", until the loader answered again).
 */
function sameForm(a: string, b: string, locale: Locale) {
  if (a === b) return true
  const canonical = (search: string) => {
    const form = readInputForm(new URLSearchParams(search), locale)
    return inputFormSearch(form.values, form.touched)
  }
  return canonical(a) === canonical(b)
}

/** The same entries (the page re-reads its address at every render: a new object each time). */
function sameValues(a: InputFormValues, b: InputFormValues) {
  return (Object.keys(a) as (keyof InputFormValues)[]).every((key) => a[key] === b[key])
}

export default function InputCalculation({ loaderData }: Route.ComponentProps) {
  const { locale } = useI18n()
  const location = useLocation()
  const formKey = formKeyOf(location)
  return (
    <>
      <InputCalculationForm
        key={formKey}
        formKey={formKey}
        initial={readInputForm(new URLSearchParams(location.search), locale)}
        firstEvaluation={
          sameForm(loaderData.first.search, location.search, locale)
            ? loaderData.first.evaluation
            : PENDING
        }
        choices={loaderData.choices}
        packs={loaderData.packs}
      />
    </>
  )
}

function InputCalculationForm({
  initial,
  formKey,
  firstEvaluation,
  choices,
  packs,
}: {
  initial: InputFormState
  formKey: string
  firstEvaluation: InputEvaluation
  choices: readonly ProductChoice[]
  packs: PackChoices | null
}) {
  const { t, locale } = useI18n()
  const [values, setValues] = useState(initial.values)
  const [touched, setTouched] = useState<readonly InputFormField[]>(initial.touched)
  const evaluate = useEvaluator()
  // Until the validation is here, the server's answer for the current address (the URL follows
  // the form, and each change of it reruns the loader then: see shouldRevalidate).
  const evaluation = useMemo(
    () => (evaluate ? evaluate(values, packs) : firstEvaluation),
    [evaluate, values, firstEvaluation, packs],
  )
  // docs/product/calculators.md: the answer on screen always belongs to the entries on screen. An
  // invalid entry shows its message and no answer. Before the browser has the validation, the
  // server's answer counts only once the address (and so the server) has caught up with the entry.
  const { search } = useLocation()
  const stale =
    !evaluate &&
    !sameValues(values, initial.values) &&
    `?${inputFormSearch(values, touched)}` !== search
  const shown: Shown | null = !stale && evaluation.ok ? evaluation : null
  const { write: writeUrl, stop: stopUrlSync } = useSearchSync(
    inputFormSearch(values, touched),
    formKey,
  )

  const update = (next: InputFormValues, field: InputFormField) => {
    setValues(next)
    setTouched((old) => (old.includes(field) ? old : [...old, field]))
  }
  const submit = useSubmit()
  const pick = (productId: string, from: InputFormValues) => {
    stopUrlSync()
    void submit(pickedProductSearch(from, productId), {
      method: 'get',
      preventScrollReset: true,
    })
  }
  // docs/product/shell.md (Before the scripts arrive): the state starts from the form as it stands,
  // read as the server reads it when the form is sent: a tank size or volume still showing the
  // previous sprayer's default, a volume shown per hectare with "per rai" now picked, follow
  // those choices (prev_ fields, readInputForm), the same figures the form's handlers give while
  // the farmer uses it, whatever the order of the changes. A product picked by then is used at
  // once, with those figures (with JavaScript the pick alone is enough).
  const form = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration([...INPUT_FORM_FIELDS, 'product_id'], ({ product_id, ...typed }) => {
    const taken = form.current
      ? readInputForm(formParams(form.current), locale).values
      : { ...values, ...typed }
    setValues(taken)
    setTouched((old) => [...new Set([...old, ...(Object.keys(typed) as InputFormField[])])])
    if (product_id) pick(product_id, taken)
  })
  // The server's errors were for the entries it was sent: none of them shows next to a newer one.
  const errors = evaluation.ok || stale ? {} : evaluation.errors
  const errorOf = (field: InputFormField) => {
    const error = errors[field]
    // A field the farmer has not reached yet is not an error; the result box lists it instead.
    return error === 'calculator.errors.valueRequired' && !touched.includes(field)
      ? undefined
      : error
  }
  const set = (field: InputFormField) => (value: string) =>
    update({ ...values, [field]: value }, field)
  const input = (field: InputFormField) => ({
    name: field,
    label: t(FIELD_LABELS[field]),
    value: values[field],
    onChange: (event: FormEvent<HTMLInputElement | HTMLSelectElement>) =>
      set(field)(event.currentTarget.value),
    error: errorOf(field),
  })

  const missing = (Object.keys(errors) as InputFormField[]).filter(
    (field) => errors[field] === 'calculator.errors.valueRequired' && !touched.includes(field),
  )
  const hasShownErrors = INPUT_FORM_FIELDS.some((field) => errorOf(field) !== undefined)

  const areaOptions = AREA_UNIT_ORDER[locale].map((unit) => ({
    value: unit,
    label: t(`units.area.${unit}.name`),
  }))
  const productOptions = PRODUCT_UNITS.map((unit) => ({
    value: unit,
    label: t(`units.product.${unit}`),
  }))
  const thaiArea = isThaiAreaUnit(values.area_unit)
  const perRai = values.volume_basis === 'rai'

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The answer is already computed; make the URL match and bring the answer into view (on a
    // phone it is below the form).
    event.preventDefault()
    writeUrl()
    const panel = document.getElementById(RESULT_ID)
    const top = panel?.getBoundingClientRect().top ?? 0
    if (top < 0 || top > window.innerHeight * 0.6) panel?.scrollIntoView({ block: 'start' })
  }

  return (
    <>
      <p className="calc-back">
        <Link to={localePath(locale, '/calculator')}>← {t('calculator.allCalculators')}</Link>
      </p>
      <h1>{t('calculator.input.title')}</h1>
      {values.product ? (
        <p className="calc-product">
          {t('calculator.input.productLabel')}: <strong>{values.product}</strong>
        </p>
      ) : null}
      <p>{t('calculator.input.intro')}</p>
      <ProductPicker
        choices={choices}
        formId={FORM_ID}
        onPick={(productId) => pick(productId, values)}
      />
      <div className="calc-layout">
        {/* Without JavaScript the fragment makes the browser jump to the answer after submitting. */}
        <Form
          ref={form}
          id={FORM_ID}
          method="get"
          action={`#${RESULT_ID}`}
          className="form calc-form"
          noValidate
          // The browser must not refill the fields after a reload: they come from the address.
          autoComplete="off"
          onSubmit={onSubmit}
        >
          {values.product ? <input type="hidden" name="product" value={values.product} /> : null}
          {values.pack_id ? <input type="hidden" name="pack_id" value={values.pack_id} /> : null}
          {values.label_sprayers ? (
            <input type="hidden" name="label_sprayers" value={values.label_sprayers} />
          ) : null}
          {/* What the tank, volume and pack unit are shown for: the server (and the form taken over
            at hydration) makes the same changes of them as the handlers (readInputForm). */}
          {Object.entries(followedChoices(values)).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}

          <fieldset className="calc-fieldset">
            <legend>{t('calculator.input.fieldLegend')}</legend>
            <div className="calc-pair">
              <TextField
                {...input('area_value')}
                inputMode={thaiArea ? 'text' : 'decimal'}
                autoComplete="off"
                // The hint sits under the pair so it does not push this input below the unit's.
                aria-describedby={
                  thaiArea
                    ? [AREA_HINT_ID, errorOf('area_value') ? 'field-area_value-error' : null]
                        .filter(Boolean)
                        .join(' ')
                    : undefined
                }
              />
              <SelectField
                {...input('area_unit')}
                options={areaOptions}
                fieldClassName="calc-unit-wide"
              />
            </div>
            {thaiArea ? (
              <p className="hint" id={AREA_HINT_ID}>
                {t('calculator.area.valueHintThai')}
              </p>
            ) : null}
          </fieldset>

          <fieldset className="calc-fieldset">
            <legend>{t('calculator.input.rateLegend')}</legend>
            <ChoiceGroup
              name="rate_kind"
              legend={t('calculator.input.rateKind')}
              value={values.rate_kind}
              options={RATE_KINDS.map((kind) => ({
                value: kind,
                label: t(`calculator.input.rateKinds.${kind}`),
              }))}
              onChange={set('rate_kind')}
              error={errorOf('rate_kind')}
            />
            <div className="calc-pair">
              <TextField {...input('rate_amount')} inputMode="decimal" autoComplete="off" />
              <SelectField
                {...input('rate_unit')}
                options={productOptions}
                fieldClassName="calc-unit"
                onChange={(event) =>
                  update(switchRateUnit(values, event.currentTarget.value), 'rate_unit')
                }
              />
            </div>
            <div className="calc-only-per-tank calc-only-dilution">
              <TextField
                {...input('rate_tank_litres')}
                inputMode="decimal"
                autoComplete="off"
                hint={t('calculator.input.rateTankHint')}
              />
            </div>
            <div className="calc-only-dilution">
              <TextField
                {...input('label_litres_per_hectare')}
                inputMode="decimal"
                autoComplete="off"
                hint={t('calculator.input.labelVolumeHint')}
              />
            </div>
          </fieldset>

          <fieldset className="calc-fieldset">
            <legend>{t('calculator.input.sprayerLegend')}</legend>
            <ChoiceGroup
              name="sprayer"
              legend={t('calculator.input.sprayerType')}
              value={values.sprayer}
              options={SPRAYER_TYPES.map((type) => ({
                value: type,
                label: t(`calculator.input.sprayers.${type}`),
                // docs/product/calculators.md: a sprayer the product's label rules out.
                disabled: !labelAllows(values, type),
              }))}
              onChange={(next) => update(switchSprayer(values, next), 'sprayer')}
              hint={labelAllows(values, 'drone') ? undefined : t('calculator.input.labelNoDrone')}
              error={errorOf('sprayer')}
            />
            <div className="calc-pair">
              <TextField {...input('tank_litres')} inputMode="decimal" autoComplete="off" />
            </div>
            <BeforeScripts className="hint calc-follows-sprayer">
              {t('calculator.input.beforeScripts.sprayer')}
            </BeforeScripts>
            <div className="calc-pair">
              <TextField
                {...input('litres_per_hectare')}
                label={t(
                  perRai ? 'calculator.input.litresPerRai' : 'calculator.input.litresPerHectare',
                )}
                inputMode="decimal"
                autoComplete="off"
              />
              <SelectField
                {...input('volume_basis')}
                options={VOLUME_BASES.map((basis) => ({
                  value: basis,
                  label: t(`calculator.input.volumeBases.${basis}`),
                }))}
                fieldClassName="calc-unit-wide"
                onChange={(event) =>
                  update(switchVolumeBasis(values, event.currentTarget.value), 'volume_basis')
                }
              />
            </div>
            <BeforeScripts className="hint calc-follows-basis">
              {t('calculator.input.beforeScripts.volumeBasis')}
            </BeforeScripts>
            <p className="hint">
              {t(perRai ? 'calculator.input.sprayerHintRai' : 'calculator.input.sprayerHint', {
                knapsackTank: DEFAULT_SPRAYERS.knapsack.tankLitres,
                knapsackVolume: perRai
                  ? DEFAULT_SPRAYERS.knapsack.litresPerHectare / RAI_PER_HECTARE
                  : DEFAULT_SPRAYERS.knapsack.litresPerHectare,
                droneTank: DEFAULT_SPRAYERS.drone.tankLitres,
                droneVolume: perRai
                  ? DEFAULT_SPRAYERS.drone.litresPerHectare / RAI_PER_HECTARE
                  : DEFAULT_SPRAYERS.drone.litresPerHectare,
              })}
            </p>
          </fieldset>

          <fieldset className="calc-fieldset">
            <legend>{t('calculator.input.packLegend')}</legend>
            <div className="calc-pair">
              <TextField {...input('pack_amount')} inputMode="decimal" autoComplete="off" />
              <SelectField
                {...input('pack_unit')}
                options={productOptions}
                fieldClassName="calc-unit"
              />
            </div>
            <BeforeScripts className="hint calc-follows-rate-unit">
              {t('calculator.input.beforeScripts.rateUnit')}
            </BeforeScripts>
          </fieldset>

          <button className="button" type="submit">
            {t('calculator.input.calculate')}
          </button>
        </Form>

        <section className="calc-result-panel" id={RESULT_ID} aria-labelledby="input-result-title">
          <h2 id="input-result-title">{t('calculator.result')}</h2>
          <div className="calc-result" role="status" aria-live="polite">
            <BeforeScripts className="calc-empty">
              {t('calculator.input.beforeScripts.answer')}
            </BeforeScripts>
            {shown ? (
              <Figures
                input={shown.input}
                result={shown.result}
                packId={values.pack_id}
                plan={shown.plan}
                packs={packs}
              />
            ) : (
              <p className="calc-empty">
                {missing.length > 0
                  ? t('calculator.input.missing', {
                      fields: missing.map((field) => t(FIELD_LABELS[field])).join(', '),
                    })
                  : t(
                      hasShownErrors
                        ? 'calculator.input.fixErrors'
                        : stale
                          ? 'calculator.input.working'
                          : 'calculator.input.noResult',
                    )}
              </p>
            )}
          </div>
          {shown && shown.result.warnings.length > 0 ? (
            <ul className="calc-warnings">
              {shown.result.warnings.map((warning) => (
                <li key={warning}>{t(warning, WARNING_PARAMS[warning])}</li>
              ))}
            </ul>
          ) : null}
          <p className="calc-label-note">
            <strong>{t('calculator.input.labelNoteTitle')}</strong>
            {t('calculator.input.labelNote')}
          </p>
        </section>
      </div>
    </>
  )
}

/** Form data as the browser sends it (text only: the calculator has no files). */
function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form))
    if (typeof value === 'string') params.append(name, value)
  return params
}

/** The answer in big figures with short labels, readable on a 360 px phone. */
function Figures({
  input,
  result,
  packId,
  plan,
  packs,
}: Shown & { packId: string; plan: PackPlan | null | undefined; packs: PackChoices | null }) {
  const { t, money } = useI18n()
  const format = useCalculatorFormat()
  const unit = result.productUnit
  const areaUnit = input.area.unit
  const dose = format.product(result.dosePerHectare, unit)
  // Thai and Malaysian labels and farmers think per rai / per relong; show the dose that way too.
  const dosePerAreaUnit =
    areaUnit === 'hectare'
      ? null
      : t('calculator.input.dosePer', {
          dose: format.product(result.dosePerHectare * convertArea(1, areaUnit, 'hectare'), unit),
          unit: format.areaUnitWord(areaUnit),
        })
  const tank = format.litres(input.sprayer.tankLitres)
  const oneTank = result.tankLoads === 1
  const size = result.packsToBuy !== null && input.packSize ? input.packSize : null
  // docs/product/calculators.md (Which packs to buy): the shop's cheapest packs, when known.
  const lines = plan && packs ? plan.lines : null
  const label = (id: number) => packs?.options.find((o) => o.id === id)?.label
  const single = size ? packForCart(packId, size) : null
  return (
    <>
      <dl className="calc-figures">
        <div className="calc-figure main">
          <dt>{t('calculator.input.productNeeded')}</dt>
          <dd>
            {format.product(result.totalProduct, unit)}
            <small>
              {t('calculator.input.productFor', {
                area:
                  areaUnit === 'hectare'
                    ? format.area(result.hectares, 'hectare')
                    : `${format.area(input.area.value, areaUnit)} (${format.area(result.hectares, 'hectare')})`,
                dose: t('calculator.input.dosePer', {
                  dose,
                  unit: format.areaUnitWord('hectare'),
                }),
              })}
              {dosePerAreaUnit ? ` (${dosePerAreaUnit})` : null}
            </small>
          </dd>
        </div>
        <div className="calc-figure">
          <dt>{t('calculator.input.waterNeeded')}</dt>
          <dd>{format.litres(result.totalWater)}</dd>
        </div>
        <div className="calc-figure">
          <dt>{t('calculator.input.tankLoads')}</dt>
          <dd>
            {format.count(result.tankLoads)}
            <small>{t('calculator.input.tanksOf', { tank })}</small>
          </dd>
        </div>
        {oneTank ? null : (
          <div className="calc-figure">
            <dt>{t('calculator.input.perFullTank')}</dt>
            <dd>
              {format.product(result.productPerFullTank, unit)}
              <small>{t('calculator.input.inWater', { water: tank })}</small>
            </dd>
          </div>
        )}
        <div className="calc-figure">
          <dt>{t(oneTank ? 'calculator.input.onlyTank' : 'calculator.input.lastTank')}</dt>
          <dd>
            {format.product(result.productLastTank, unit)}
            <small>
              {t('calculator.input.inWater', { water: format.litres(result.waterLastTank) })}
            </small>
          </dd>
        </div>
        {size && result.packsToBuy !== null ? (
          <div className="calc-figure">
            <dt>{t('calculator.input.packsToBuy')}</dt>
            {lines && plan && packs ? (
              <dd className="calc-plan">
                {lines.map((l) => `${format.count(l.count)} × ${label(l.id)}`).join(' + ')}
                <small>
                  {money(plan.totalMinor, packs.currency)} ·{' '}
                  {plan.inStock ? packs.inStock : packs.notInStock}
                </small>
              </dd>
            ) : (
              <dd>
                {format.count(result.packsToBuy)}
                <small>
                  {t('calculator.input.packsOf', {
                    pack: format.productAsEntered(size.amount, size.unit),
                  })}
                </small>
              </dd>
            )}
          </div>
        ) : null}
      </dl>
      {/* Under the figures, not among them: a list of figures holds only names and values. */}
      {size && result.packsToBuy !== null && (lines || single) ? (
        <Suspense fallback={null}>
          <AddPacksToCart
            lines={
              lines && packs
                ? lines.map((l) => ({
                    productId: packs.productId,
                    variationId: l.id,
                    count: l.count,
                  }))
                : [{ ...single!, count: result.packsToBuy }]
            }
          />
        </Suspense>
      ) : null}
    </>
  )
}
