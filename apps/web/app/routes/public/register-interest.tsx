import { data, Form, redirect, useNavigation } from 'react-router'
import { InterestSchema } from '@padi/domain/interest/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { parseForm, type FieldErrors } from '~/utils/forms.ts'
import { useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { TextField } from '~/components/form/text-field.tsx'
import { retryAfterHeaders } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/register-interest'

// docs/security.md row 55: a 429 from the loader or action keeps its Retry-After.
export const headers: Route.HeadersFunction = retryAfterHeaders
import { pageMessages } from '~/utils/messages.server.ts'

const FIELDS = ['email', 'full_name', 'postcode', 'area', 'district'] as const

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'interest.title', 'interest.description')

export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return {
    ...pageMessages(params, ['interest', 'fields', 'validation']),
    email: url.searchParams.get('email') ?? '',
    done: url.searchParams.get('done') === '1',
  }
}

type ActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: string
  formErrorParams?: Record<string, string | number> | undefined
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = parseForm(InterestSchema, await request.formData(), FIELDS)
  if (!form.ok)
    return data<ActionData>({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 })
  const lang = params.lang === 'bm' || params.lang === 'th' ? params.lang : 'en'
  try {
    await context.get(apiContext).registerInterest(form.data, lang)
  } catch (error) {
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.data[f])]))
    const refusal = readRefusal(error)
    // docs/product/errors.md: a 400 is shown as its message; anything else is 'Register failed due to an unknown error'.
    if (refusal.kind === 'invalid') {
      const fieldErrors = apiFieldErrors(refusal.error, FIELDS)
      return data<ActionData>(
        { fieldErrors, values, formError: 'interest.errors.invalid' },
        { status: 400 },
      )
    }
    if (refusal.kind === 'busy' && refusal.message) {
      const { key, params } = refusal.message
      return data<ActionData>({ values, formError: key, formErrorParams: params }, refusal.init)
    }
    return data<ActionData>({ values, formError: 'interest.errors.unknown' }, { status: 500 })
  }
  // Post/redirect/get: a reload does not send the form twice.
  return redirect(`/${lang}/register-interest?done=1`)
}

export default function RegisterInterest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values ?? { email: loaderData.email }
  if (loaderData.done) {
    return (
      <section>
        <h1>{t('interest.title')}</h1>
        <p className="notice" role="status">
          {t('interest.success')}
        </p>
      </section>
    )
  }
  return (
    <section>
      <h1>{t('interest.title')}</h1>
      <p>{t('interest.intro')}</p>
      <Form method="post" className="form" noValidate>
        {actionData?.formError ? (
          <p className="form-error" role="alert">
            {t(actionData.formError, actionData.formErrorParams)}
          </p>
        ) : null}
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          name="full_name"
          label={t('fields.fullName')}
          autoComplete="name"
          required
          defaultValue={values.full_name}
          error={errors.full_name}
        />
        <TextField
          name="postcode"
          label={t('fields.postcode')}
          hint={t('fields.postcodeHint')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          pattern="[0-9]{5}"
          required
          defaultValue={values.postcode}
          error={errors.postcode}
        />
        <TextField
          name="area"
          label={t('fields.area')}
          hint={t('fields.areaHint')}
          autoComplete="address-level3"
          required
          defaultValue={values.area}
          error={errors.area}
        />
        <TextField
          name="district"
          label={t('fields.district')}
          autoComplete="address-level2"
          required
          defaultValue={values.district}
          error={errors.district}
        />
        <button className="button" type="submit" disabled={submitting}>
          {submitting ? t('common.sending') : t('interest.submit')}
        </button>
      </Form>
    </section>
  )
}
