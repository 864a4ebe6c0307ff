import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { AddressInputSchema, type Address } from '@padi/domain/addresses/address-schemas'
import { REGIONS } from '@padi/domain/geo/regions'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import { TextField } from '~/components/form/text-field.tsx'
import authCss from '~/components/auth/auth.css?url'
import addressesCss from '~/components/account/addresses.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/addresses'

export const handle: StyleHandle = { css: [authCss, addressesCss] }
export const headers: Route.HeadersFunction = retryAfterHeaders
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'account.addresses.title', 'account.addresses.description')

const FIELDS = ['name', 'address', 'city', 'state', 'postcode'] as const

/** What the page shows besides the list, chosen by the address (so it works without JavaScript). */
type Mode =
  { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: number } | { kind: 'delete'; id: number }

function modeOf(url: URL): Mode {
  const id = (name: string) => {
    const raw = url.searchParams.get(name)
    return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null
  }
  if (url.searchParams.has('add')) return { kind: 'add' }
  const edit = id('edit')
  if (edit) return { kind: 'edit', id: edit }
  const del = id('delete')
  if (del) return { kind: 'delete', id: del }
  return { kind: 'list' }
}

/** docs/product/orders-and-payments.md: the customer's delivery addresses (settings). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const market = session.data.user?.market ?? 'MY'
  const states = REGIONS.filter((r) => r.market === market)
    .map((r) => ({ value: r.code, label: localizedText(r.name, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale === 'th' ? 'th' : 'en'))
  const messages = pageMessages(params, ['account', 'validation'])
  try {
    const list = await withUserToken({ session, locale }, (token) => api.addresses(token))
    const url = new URL(request.url)
    return {
      ...messages,
      addresses: list,
      market,
      states,
      mode: modeOf(url),
      // Opened from checkout to add an address: saving goes back there.
      fromCheckout: url.searchParams.get('from') === 'checkout',
    }
  } catch (error) {
    return data(
      {
        ...messages,
        addresses: null,
        market,
        states,
        mode: { kind: 'list' } as Mode,
        fromCheckout: false,
      },
      readRefusal(error).init,
    )
  }
}

type ActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: string
}

/** Which address a button is for (none: a new one), and where the form was opened from. */
const TargetForm = z.object({
  id: z.string().transform((v) => (/^[1-9]\d{0,9}$/.test(v) ? Number(v) : null)),
  from: z.string(),
})

const REFUSALS: Partial<Record<string, string>> = {
  ADDRESS_IS_DEFAULT: 'account.addresses.cannotDeleteDefault',
  ADDRESS_LIMIT: 'account.addresses.limit',
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['default', 'delete'])
  const target = parseForm(TargetForm, formData, ['id', 'from'])
  const id = target.ok ? target.data.id : null
  // Read for a save, and to refill the form after a refusal.
  const form = parseForm(AddressInputSchema, formData, FIELDS)
  const back = localePath(locale, '/settings/addresses')
  try {
    // Notices left for the next page are translated by the layout, from the shared catalogue.
    if (intent === 'default' && id) {
      await withUserToken({ session, locale }, (token) => api.setDefaultAddress(token, id))
      session.update({ flash: { kind: 'success', messageKey: 'flash.addressDefaultSet' } })
      return redirect(back, 303)
    }
    if (intent === 'delete' && id) {
      await withUserToken({ session, locale }, (token) => api.deleteAddress(token, id))
      session.update({ flash: { kind: 'success', messageKey: 'flash.addressDeleted' } })
      return redirect(back, 303)
    }
    if (!form.ok)
      return data<ActionData>(
        { fieldErrors: form.fieldErrors, values: form.values },
        { status: 400 },
      )
    await withUserToken({ session, locale }, (token) =>
      id ? api.updateAddress(token, id, form.data) : api.addAddress(token, form.data),
    )
    session.update({ flash: { kind: 'success', messageKey: 'flash.addressSaved' } })
    if (target.ok && target.data.from === 'checkout')
      return redirect(localePath(locale, '/checkout?fulfilment=delivery'), 303)
    return redirect(back, 303)
  } catch (error) {
    const refusal = readRefusal(error)
    const values = form.values
    const fieldErrors = Object.fromEntries(refusal.error.errors.map((e) => [e.field, e.message]))
    if (Object.keys(fieldErrors).length > 0)
      return data<ActionData>({ fieldErrors, values }, { status: 400 })
    return data<ActionData>(
      {
        values,
        formError:
          REFUSALS[refusal.code] ??
          refusal.message?.key ??
          (intent === 'delete' ? 'account.addresses.deleteFailed' : 'account.addresses.failed'),
      },
      refusal.init,
    )
  }
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { addresses, mode, market } = loaderData
  const base = localePath(locale, '/settings/addresses')
  if (!addresses) {
    return (
      <section className="auth-page">
        <h1>{t('account.addresses.title')}</h1>
        <div className="form-error" role="alert">
          <p>{t('account.addresses.failed')}</p>
          <Link to={base}>{t('account.retry')}</Link>
        </div>
      </section>
    )
  }
  const editing = mode.kind === 'edit' ? addresses.find((a) => a.id === mode.id) : undefined
  const deleting = mode.kind === 'delete' ? addresses.find((a) => a.id === mode.id) : undefined
  // A refused save keeps its form open, whatever the address says.
  const showForm = mode.kind === 'add' || Boolean(editing) || Boolean(actionData?.fieldErrors)
  return (
    <section className="auth-page address-page">
      <p className="link-line">
        <Link to={localePath(locale, '/settings')}>← {t('account.addresses.back')}</Link>
      </p>
      <h1>{t('account.addresses.title')}</h1>
      <p>{t('account.addresses.intro')}</p>
      {actionData?.formError ? (
        <p className="form-error" role="alert">
          {t(actionData.formError)}
        </p>
      ) : null}

      {deleting ? (
        <div className="card address-confirm" role="alertdialog" aria-labelledby="delete-title">
          <h2 id="delete-title">{t('account.addresses.deleteTitle')}</h2>
          <p>{t('account.addresses.deleteBody', { name: deleting.name })}</p>
          <Form method="post" action={base} className="button-row">
            <input type="hidden" name="id" value={deleting.id} />
            <button className="button danger" type="submit" name="intent" value="delete">
              {t('account.addresses.confirmDelete')}
            </button>
            <Link className="button secondary" to={base}>
              {t('account.addresses.cancel')}
            </Link>
          </Form>
        </div>
      ) : null}

      {addresses.length === 0 && !showForm ? <p>{t('account.addresses.none')}</p> : null}
      <ul className="address-list">
        {addresses.map((a) => (
          <AddressCard key={a.id} address={a} base={base} />
        ))}
      </ul>

      {showForm ? (
        <AddressForm
          key={editing?.id ?? 'new'}
          address={editing}
          market={market}
          states={loaderData.states}
          action={base}
          actionData={actionData}
          fromCheckout={loaderData.fromCheckout}
        />
      ) : (
        <p>
          <Link className="button" to={`${base}?add=1`}>
            {t('account.addresses.add')}
          </Link>
        </p>
      )}
    </section>
  )
}

function AddressCard({ address, base }: { address: Address; base: string }) {
  const { t, locale } = useI18n()
  return (
    <li className="card address-card">
      <h2 className="address-name">
        {address.name}
        {address.is_default ? (
          <span className="address-default">{t('account.addresses.default')}</span>
        ) : null}
      </h2>
      <p className="address-lines">
        {address.address}
        <br />
        {address.postcode} {address.city}
        <br />
        {localizedText(address.state_name, locale)},{' '}
        {t(`account.addresses.countries.${address.country}`)}
      </p>
      <div className="button-row">
        <Link className="button secondary" to={`${base}?edit=${address.id}`}>
          {t('account.addresses.edit')}
        </Link>
        {address.is_default ? null : (
          <>
            <Form method="post" action={base}>
              <input type="hidden" name="id" value={address.id} />
              <button className="button secondary" type="submit" name="intent" value="default">
                {t('account.addresses.makeDefault')}
              </button>
            </Form>
            <Link className="button link-button" to={`${base}?delete=${address.id}`}>
              {t('account.addresses.delete')}
            </Link>
          </>
        )}
      </div>
    </li>
  )
}

function AddressForm({
  address,
  market,
  states,
  action,
  actionData,
  fromCheckout = false,
}: {
  address: Address | undefined
  market: 'MY' | 'TH'
  states: { value: string; label: string }[]
  action: string
  actionData: ActionData | undefined
  fromCheckout?: boolean
}) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const value = (field: (typeof FIELDS)[number]) =>
    actionData?.values?.[field] ?? (address ? String(address[field]) : '')
  return (
    <Form method="post" action={action} className="form card" noValidate>
      <h2>{address ? t('account.addresses.editTitle') : t('account.addresses.addTitle')}</h2>
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {fromCheckout ? <input type="hidden" name="from" value="checkout" /> : null}
      <TextField
        name="name"
        label={t('account.addresses.fields.name')}
        hint={t('account.addresses.fields.nameHint')}
        defaultValue={value('name')}
        error={errors.name}
        required
        maxLength={60}
      />
      <TextField
        name="address"
        label={t('account.addresses.fields.address')}
        defaultValue={value('address')}
        error={errors.address}
        autoComplete="street-address"
        required
        maxLength={200}
      />
      <TextField
        name="city"
        label={t('account.addresses.fields.city')}
        defaultValue={value('city')}
        error={errors.city}
        autoComplete="address-level2"
        required
        maxLength={80}
      />
      <div className="field">
        <label htmlFor="field-state">{t('account.addresses.fields.state')}</label>
        <select
          id="field-state"
          name="state"
          defaultValue={value('state')}
          required
          autoComplete="address-level1"
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? 'field-state-error' : undefined}
        >
          <option value="">—</option>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {errors.state ? (
          <p className="field-error" id="field-state-error">
            {t(errors.state)}
          </p>
        ) : null}
      </div>
      <TextField
        name="postcode"
        label={t('account.addresses.fields.postcode')}
        defaultValue={value('postcode')}
        error={errors.postcode}
        inputMode="numeric"
        autoComplete="postal-code"
        required
        maxLength={5}
      />
      <p className="hint">
        {t('account.addresses.fields.country')}: {t(`account.addresses.countries.${market}`)}
      </p>
      <div className="button-row">
        <button className="button" type="submit" name="intent" value="save" disabled={busy}>
          {t('account.addresses.save')}
        </button>
        <Link className="button secondary" to={action}>
          {t('account.addresses.cancel')}
        </Link>
      </div>
    </Form>
  )
}
