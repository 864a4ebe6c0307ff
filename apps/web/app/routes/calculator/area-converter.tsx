import { useMemo, useState } from 'react'
import { useTypedBeforeHydration } from '~/utils/typed-before-hydration.ts'
import type { FormEvent, MouseEvent } from 'react'
import { Form, Link, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { AreaUnit } from '@padi/domain/calculators/area-units'
import { TextField } from '~/components/form/text-field.tsx'
import calculatorCss from '~/components/calculator/calculator.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import { SelectField } from '~/components/calculator/select-field.tsx'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import {
  AREA_FORM_FIELDS,
  AREA_UNIT_ORDER,
  areaFormSearch,
  isThaiAreaUnit,
  readAreaFields,
} from './+shared/area-form.ts'
import {
  hectaresForApplication,
  readAreaPurpose,
  type AreaPurpose,
} from './+shared/area-purpose.ts'
import { evaluateAreaForm, readAreaForm } from './+shared/area-evaluation.ts'
import type * as AreaEvaluationModule from './+shared/area-evaluation.ts'
import type {
  AreaConversion,
  AreaEvaluation,
  AreaFormField,
  AreaFormState,
} from './+shared/area-form.ts'
import { formKeyOf, useSearchSync } from './+shared/use-search-sync.ts'
import { useCalculatorFormat } from './+shared/use-calculator-format.ts'
import { BeforeScripts } from '~/components/form/before-scripts.tsx'
import { useLateModule } from './+shared/use-late-module.ts'
import type { Route } from './+types/area-converter'
import { pageMessages } from '~/utils/messages.server.ts'

export const handle: StyleHandle = { css: [calculatorCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'calculator.area.title', 'calculator.area.description')

// The result is a pure function of the URL (docs/product/calculators.md, free public calculator).
// The loader computes it for the address asked, so the page works without JavaScript and the
// browser shows it without loading the validation (zod) first; the browser loads the validation
// after the page is shown (budget F4, ADR 017) and from then on converts as the farmer types,
// with the URL following the form and no server round trip (use-search-sync.ts).
export function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const locale = params.lang === 'bm' || params.lang === 'th' ? params.lang : 'en'
  const state = readAreaForm(url.searchParams, locale)
  return {
    ...pageMessages(params, ['calculator', 'units']),
    first: { search: url.search, state, evaluation: evaluateAreaForm(state.values) },
    purpose: readAreaPurpose(url.searchParams) ?? null,
  }
}

type Evaluator = typeof AreaEvaluationModule

/** Set once the browser has the validation; until then the server computes every answer. */
let evaluatorLoaded = false

function useEvaluator(): Evaluator | null {
  return useLateModule(
    () => import('./+shared/area-evaluation.ts'),
    () => (evaluatorLoaded = true),
  )
}

/** While the answer is being worked out: no errors shown. */
const PENDING: AreaEvaluation = { ok: false, errors: {} }

export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang || formMethod === 'POST' || !evaluatorLoaded
}

export default function AreaConverter({ loaderData }: Route.ComponentProps) {
  const { locale } = useI18n()
  const location = useLocation()
  const formKey = formKeyOf(location)
  const evaluator = useEvaluator()
  const first = loaderData.first.search === location.search ? loaderData.first : null
  const params = new URLSearchParams(location.search)
  return (
    <>
      <AreaConverterForm
        key={formKey}
        formKey={formKey}
        initial={
          first?.state ?? evaluator?.readAreaForm(params, locale) ?? readAreaFields(params, locale)
        }
        firstEvaluation={first?.evaluation ?? PENDING}
        evaluator={evaluator}
        purpose={loaderData.purpose ?? undefined}
      />
    </>
  )
}

function AreaConverterForm({
  initial,
  formKey,
  firstEvaluation,
  evaluator,
  purpose,
}: {
  initial: AreaFormState
  formKey: string
  firstEvaluation: AreaEvaluation
  evaluator: Evaluator | null
  purpose: AreaPurpose | undefined
}) {
  const { t, locale } = useI18n()
  const [values, setValues] = useState(initial.values)
  const [touched, setTouched] = useState<readonly AreaFormField[]>(initial.touched)
  // Until the validation is here, the server's answer for the current address.
  const evaluation = useMemo(
    () => (evaluator ? evaluator.evaluateAreaForm(values) : firstEvaluation),
    [evaluator, values, firstEvaluation],
  )
  // docs/product/calculators.md: the answer on screen always belongs to the entries on screen, so
  // an invalid entry shows its message and no answer. Before the browser has the validation, the
  // server's answer counts only once the address (and so the server) has caught up with the entry.
  const { search } = useLocation()
  const stale =
    evaluation === PENDING ||
    (!evaluator && values !== initial.values && `?${areaFormSearch(values, purpose)}` !== search)
  const shown: AreaConversion | null = !stale && evaluation.ok ? evaluation.result : null
  const { write: writeUrl } = useSearchSync(areaFormSearch(values, purpose), formKey)

  const update = (next: typeof values, fields: readonly AreaFormField[]) => {
    setValues(next)
    setTouched((old) => [...new Set([...old, ...fields])])
  }
  useTypedBeforeHydration(AREA_FORM_FIELDS, (typed) =>
    update({ ...values, ...typed }, Object.keys(typed) as AreaFormField[]),
  )
  const change = (field: AreaFormField) => (value: string) =>
    update({ ...values, [field]: value }, [field])

  const errors = evaluation.ok || stale ? {} : evaluation.errors
  const errorOf = (field: AreaFormField) => {
    const error = errors[field]
    // A field the farmer has not reached yet is not an error.
    return error === 'calculator.errors.valueRequired' && !touched.includes(field)
      ? undefined
      : error
  }

  const unitOptions = AREA_UNIT_ORDER[locale].map((unit) => ({
    value: unit,
    label: t(`units.area.${unit}.name`),
  }))
  const thai = isThaiAreaUnit(values.from)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Swap pressed before the validation has come (the page has hydrated, the evaluator not yet:
    // `swap` left it to the form): the form goes as it is, with swap=1, and the server swaps.
    // Stopping it here lost the tap.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (!evaluator && submitter?.getAttribute('name') === 'swap') return
    // The answer is already on screen; just make the URL match without reloading anything.
    event.preventDefault()
    writeUrl()
  }
  const swap = (event: MouseEvent<HTMLButtonElement>) => {
    // Without the validation yet, the button submits `swap=1` and the server swaps.
    if (!evaluator) return
    event.preventDefault()
    update(evaluator.swapAreaUnits(values), ['from', 'to'])
  }

  return (
    <>
      <p className="calc-back">
        <Link to={localePath(locale, '/calculator')}>← {t('calculator.allCalculators')}</Link>
      </p>
      <h1>{t('calculator.area.title')}</h1>
      <p>{t('calculator.area.intro')}</p>
      <div className="calc-layout">
        <Form
          method="get"
          className="form calc-form"
          noValidate
          // The browser must not refill the fields after a reload: they come from the address.
          autoComplete="off"
          onSubmit={onSubmit}
        >
          {purpose ? <input type="hidden" name="for" value={purpose} /> : null}
          <TextField
            name="value"
            label={t('calculator.area.value')}
            hint={thai ? t('calculator.area.valueHintThai') : undefined}
            // Rai-ngan-wah needs the "-" key, which numeric phone keyboards lack.
            inputMode={thai ? 'text' : 'decimal'}
            autoComplete="off"
            value={values.value}
            onChange={(event) => change('value')(event.currentTarget.value)}
            error={errorOf('value')}
          />
          <SelectField
            name="from"
            label={t('calculator.area.from')}
            value={values.from}
            options={unitOptions}
            onChange={(event) => change('from')(event.currentTarget.value)}
            error={errorOf('from')}
          />
          <SelectField
            name="to"
            label={t('calculator.area.to')}
            value={values.to}
            options={unitOptions}
            onChange={(event) => change('to')(event.currentTarget.value)}
            error={errorOf('to')}
          />
          <div className="button-row">
            {/* First in the form, so Enter in the area field converts rather than swaps. */}
            <button className="button" type="submit">
              {t('calculator.area.convert')}
            </button>
            <button className="button secondary" type="submit" name="swap" value="1" onClick={swap}>
              <span aria-hidden="true">⇅</span> {t('calculator.area.swap')}
            </button>
          </div>
        </Form>

        <section className="calc-result-panel" aria-labelledby="area-result-title">
          <h2 id="area-result-title">{t('calculator.result')}</h2>
          <output
            className="calc-result"
            htmlFor="field-value field-from field-to"
            aria-live="polite"
          >
            <BeforeScripts className="calc-empty" inline>
              {t('calculator.area.beforeScripts')}
            </BeforeScripts>
            {shown ? (
              <MainResult
                result={shown}
                showThai={isThaiAreaUnit(shown.from) || isThaiAreaUnit(shown.to) || locale === 'th'}
              />
            ) : (
              <span className="calc-empty">
                {t(
                  stale
                    ? 'calculator.input.working'
                    : evaluation.ok || !values.value.trim()
                      ? 'calculator.area.noResult'
                      : 'calculator.area.fixError',
                )}
              </span>
            )}
          </output>
          {purpose === 'kyc' ? <BackToApplication result={shown} /> : null}
          {shown ? <AllUnitsTable result={shown} order={AREA_UNIT_ORDER[locale]} /> : null}
          <p className="hint">{t('calculator.area.relongNote')}</p>
        </section>
      </div>
    </>
  )
}

/**
 * docs/product/credit.md (KYC): opened from the credit application's farm step (whose answers were
 * kept before it came here), the converter leads back to it, with the hectares found when the
 * answer is in hectares.
 */
function BackToApplication({ result }: { result: AreaConversion | null }) {
  const { t, locale } = useI18n()
  const format = useCalculatorFormat()
  const hectares = result?.to === 'hectare' ? hectaresForApplication(result.converted) : null
  const back = localePath(locale, `/kyc?step=2${hectares ? `&hectares=${hectares}` : ''}`)
  return (
    <p className="calc-kyc-back">
      <Link className={hectares ? 'button' : undefined} to={back}>
        {hectares
          ? t('calculator.area.useInApplication', {
              amount: format.area(Number(hectares), 'hectare'),
            })
          : t('calculator.area.backToApplication')}
      </Link>
    </p>
  )
}

function MainResult({ result, showThai }: { result: AreaConversion; showThai: boolean }) {
  const { t } = useI18n()
  const format = useCalculatorFormat()
  const thaiForm = format.raiNganWah(result.squareMetres)
  return (
    <>
      <span className="calc-result-from">
        {t('calculator.area.equals', { amount: format.area(result.value, result.from) })}
      </span>
      <span className="calc-result-main">{format.area(result.converted, result.to)}</span>
      {showThai ? (
        <span className="calc-result-extra">
          = {thaiForm.words} <span className="calc-nowrap">({thaiForm.dashes})</span>
        </span>
      ) : null}
    </>
  )
}

function AllUnitsTable({ result, order }: { result: AreaConversion; order: readonly AreaUnit[] }) {
  const { t } = useI18n()
  const format = useCalculatorFormat()
  return (
    <>
      <h2 id="area-table-title" className="calc-table-title">
        {t('calculator.area.tableTitle')}
      </h2>
      {/* A table wider than a phone scrolls inside; the keyboard can reach and scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="area-table-title">
        <table className="calc-table" aria-labelledby="area-table-title">
          <thead>
            <tr>
              <th scope="col">{t('calculator.area.tableUnit')}</th>
              <th scope="col">{t('calculator.area.tableArea')}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((unit) => (
              <tr key={unit} className={unit === result.to ? 'calc-target' : undefined}>
                <th scope="row">{t(`units.area.${unit}.name`)}</th>
                <td>{format.area(result.all[unit], unit)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('units.raiNganWah.name')}</th>
              <td>{format.raiNganWah(result.squareMetres).dashes}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </>
  )
}
