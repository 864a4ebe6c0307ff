import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import { BranchEditSchema, type Branch } from '@padi/domain/branches/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FieldKind, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { recordId } from '~/utils/route-params.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import { TextField } from '~/components/form/text-field.tsx'
import type { Route } from './+types/branch-edit'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.branches.edit')

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
const LANGS = ['en', 'bm', 'th'] as const

/** docs/product/back-office.md (Branches): admin edits a branch's phone, address and hours. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.get(sessionContext).data.user?.role !== 'admin') throw data(null, { status: 403 })
  const id = recordId(params.id)
  const branch = (await context.get(apiContext).listBranches()).find((b) => b.id === id)
  if (!branch) throw data(null, { status: 404 })
  return { ...pageMessages(params, ['contact', 'validation']), branch: branch as Branch }
}

/** The form's flat fields: the phone, the address per language, `dayN_closed`, `dayN_open`, `dayN_close`. */
const FIELDS: Record<string, FieldKind> = {
  phone: 'text',
  ...Object.fromEntries(LANGS.map((l) => [`address_${l}`, 'text'])),
  ...Object.fromEntries(
    DAYS.flatMap((_, n) => [
      [`day${n}_closed`, 'checkbox'],
      [`day${n}_open`, 'text'],
      [`day${n}_close`, 'text'],
    ]),
  ),
}

/** The flat fields as the API's body, checked by the API's own schema. */
const BranchForm = z
  .record(z.string(), z.union([z.string(), z.boolean()]))
  .transform((fields) => {
    const text = (name: string) => String(fields[name] ?? '')
    return {
      phone: text('phone'),
      address: Object.fromEntries(LANGS.map((l) => [l, text(`address_${l}`)])),
      opening_hours: DAYS.map((_, n) =>
        fields[`day${n}_closed`]
          ? null
          : { open: text(`day${n}_open`), close: text(`day${n}_close`) },
      ),
    }
  })
  .pipe(BranchEditSchema)

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const id = recordId(params.id)
  const form = parseForm(BranchForm, await request.formData(), FIELDS)
  const values = form.values
  if (!form.ok) {
    // An address's error under its language's field; an hour's under the hours.
    const fieldErrors: Record<string, string> = {}
    for (const [path, message] of Object.entries(form.fieldErrors)) {
      const [first, second] = path.split('.')
      const key = first === 'address' ? `address_${second}` : String(first)
      fieldErrors[key] ??= message
    }
    return data<FormAnswer>({ fieldErrors, values }, 400)
  }
  const body = form.data
  try {
    await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).editBranch(token, id, body),
    )
  } catch (error) {
    const refusal = readRefusal(error)
    return data<FormAnswer>(
      { values, formError: refusal.message ?? { key: 'admin.users.failed' } },
      refusal.init,
    )
  }
  session.update({ flash: { kind: 'success', messageKey: 'admin.branches.saved' } })
  return redirect(localePath(locale, '/admin/branches'), 303)
}

export default function BranchEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const { branch } = loaderData
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  const value = (name: string, fallback: string) => values?.[name] ?? fallback
  return (
    <section className="admin-page">
      <p className="link-line">
        <Link to={localePath(locale, '/admin/branches')}>← {t('admin.branches.title')}</Link>
      </p>
      <h1>{localizedText(branch.name, locale)}</h1>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      <Form method="post" className="card form admin-form" noValidate>
        <TextField
          name="phone"
          type="tel"
          label={t('admin.branches.phone')}
          defaultValue={value('phone', branch.phone)}
          error={errors.phone}
          maxLength={20}
        />
        {LANGS.map((l) => (
          <TextField
            key={l}
            name={`address_${l}`}
            label={t(`admin.branches.address.${l}`)}
            defaultValue={value(`address_${l}`, branch.address[l] ?? '')}
            error={errors[`address_${l}`]}
            maxLength={200}
          />
        ))}
        <fieldset>
          <legend>{t('admin.branches.hours')}</legend>
          {errors.opening_hours ? (
            <p className="field-error" role="alert">
              {t(errors.opening_hours)}
            </p>
          ) : null}
          {DAYS.map((day, n) => {
            const hours = branch.opening_hours[n] ?? null
            const closed = values ? values[`day${n}_closed`] !== undefined : hours === null
            return (
              <div key={day} className="admin-hours">
                <span>{t(`contact.weekdays.${day}`)}</span>
                <label>
                  <input type="checkbox" name={`day${n}_closed`} defaultChecked={closed} />{' '}
                  {t('admin.branches.closed')}
                </label>
                <label>
                  {t('admin.branches.opens')}{' '}
                  <input
                    type="time"
                    name={`day${n}_open`}
                    defaultValue={value(`day${n}_open`, hours?.open ?? '08:00')}
                  />
                </label>
                <label>
                  {t('admin.branches.closes')}{' '}
                  <input
                    type="time"
                    name={`day${n}_close`}
                    defaultValue={value(`day${n}_close`, hours?.close ?? '17:00')}
                  />
                </label>
              </div>
            )
          })}
        </fieldset>
        <button type="submit" className="button">
          {t('admin.branches.save')}
        </button>
      </Form>
    </section>
  )
}
