import { data, Form, redirect, useNavigation } from 'react-router'
import { MobileChangeSchema, OtpVerifySchema, ProfileSchema } from '@padi/domain/auth/schemas'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { apiFieldErrors, readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext, type PreAuth, type WebSession } from '~/utils/session.server.ts'
import { formIntent, parseForm, type FieldErrors } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { MobileField } from '~/components/auth/account-fields.tsx'
import type { BranchGroup } from '~/components/auth/branch-select.tsx'
import { ProfileFields } from '~/components/auth/profile-fields.tsx'
import { branchGroups } from '~/components/auth/branch-groups.ts'
import { FormAlert, TextWithMobile, type Message } from '~/components/auth/form-alert.tsx'
import { CodeField, RestartForm } from '~/components/auth/otp-controls.tsx'
import { maskMobile } from '~/components/auth/mobile-display.ts'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/profile-edit'

export const handle: StyleHandle = { css: [authCss] }
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.edit.title')

const FIELDS = ['full_name', 'email', 'postcode', 'area', 'district', 'preferred_branch'] as const

const mobilePreAuth = (session: WebSession): PreAuth | null =>
  session.data.preAuth?.purpose === 'mobile_change' ? session.data.preAuth : null

/**
 * docs/product/accounts.md (settings): the profile given at sign-up, changed; and a new mobile
 * number, which takes effect with the code sent to it (a second step kept in the session).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const messages = pageMessages(params, ['account', 'auth', 'validation', 'fields'])
  const user = await withUserToken({ session, locale }, (token) => api.me(token))
  let groups: BranchGroup[] = []
  try {
    groups = branchGroups(await api.listBranches(), locale)
  } catch {
    groups = []
  }
  const p = user.profile
  const pending = mobilePreAuth(session)
  return {
    ...messages,
    values: {
      full_name: p.full_name,
      email: user.email ?? '',
      postcode: p.postal_code,
      area: p.area,
      district: p.district,
      preferred_branch: p.preferred_branch ? String(p.preferred_branch.id) : '',
    },
    groups,
    pendingMobile: pending ? maskMobile(pending.mobile) : null,
  }
}

type ActionData = {
  fieldErrors?: FieldErrors
  values?: Record<string, string>
  formError?: Message
  saved?: boolean
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  const formData = await request.formData()
  const intent = formIntent(formData, ['restart', 'mobile', 'verify'])
  const here = localePath(locale, '/settings/profile')
  const refused = (error: unknown, fields: readonly string[]) => {
    const refusal = readRefusal(error)
    if (refusal.kind === 'invalid')
      return data<ActionData>(
        { fieldErrors: apiFieldErrors(refusal.error, fields) },
        { status: 400 },
      )
    return data<ActionData>(
      {
        formError: refusal.message ?? {
          key: refusal.code === 'USER_EXISTS' ? 'account.edit.mobileTaken' : 'account.edit.failed',
        },
      },
      refusal.init,
    )
  }
  if (intent === 'restart') {
    session.update({ preAuth: undefined })
    return redirect(here, 303)
  }
  if (intent === 'mobile') {
    const form = parseForm(MobileChangeSchema, formData, ['mobile'])
    if (!form.ok) return data<ActionData>({ fieldErrors: form.fieldErrors }, { status: 400 })
    try {
      const sent = await withUserToken({ session, locale }, (t) =>
        api.mobileChangeCode(t, form.data.mobile, locale),
      )
      session.update({
        preAuth: {
          purpose: 'mobile_change',
          preAuthSessionId: sent.preAuthSessionId,
          deviceId: sent.deviceId,
          mobile: form.data.mobile,
          sentAt: Date.now(),
        },
      })
    } catch (error) {
      return refused(error, ['mobile'])
    }
    return redirect(here, 303)
  }
  if (intent === 'verify') {
    const pending = mobilePreAuth(session)
    if (!pending) return redirect(here, 303)
    const form = parseForm(OtpVerifySchema.pick({ userInputCode: true }), formData, [
      'userInputCode',
    ])
    if (!form.ok) return data<ActionData>({ fieldErrors: form.fieldErrors }, { status: 400 })
    try {
      await withUserToken({ session, locale }, (t) =>
        api.verifyMobileChange(t, {
          preAuthSessionId: pending.preAuthSessionId,
          deviceId: pending.deviceId,
          userInputCode: form.data.userInputCode,
        }),
      )
    } catch (error) {
      return refused(error, ['userInputCode'])
    }
    session.update({
      preAuth: undefined,
      flash: { kind: 'success', messageKey: 'flash.mobileChanged' },
    })
    return redirect(localePath(locale, '/settings'), 303)
  }
  const form = parseForm(ProfileSchema, formData, FIELDS)
  if (!form.ok)
    return data<ActionData>({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 })
  let saved
  try {
    saved = await withUserToken({ session, locale }, (t) => api.updateProfile(t, form.data))
  } catch (error) {
    return refused(error, FIELDS)
  }
  // docs/product/orders-and-payments.md (Stock at pickup): product pages list the branches in
  // the order of the farmer's branch as it is now.
  const user = session.data.user
  session.update({
    flash: { kind: 'success', messageKey: 'flash.profileSaved' },
    ...(user
      ? {
          user: {
            ...user,
            preferredBranchId: saved.preferred_branches[0] ?? null,
            region: saved.profile.state,
          },
        }
      : {}),
  })
  return redirect(localePath(locale, '/settings'), 303)
}

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const values = actionData?.values ?? loaderData.values
  const here = localePath(locale, '/settings/profile')
  return (
    <section className="auth-page">
      <h1>{t('account.edit.title')}</h1>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <ProfileFields values={values} errors={errors} groups={loaderData.groups} />
        <button type="submit" className="button" disabled={busy}>
          {t('account.edit.save')}
        </button>
      </Form>

      <h2>{t('account.edit.mobileTitle')}</h2>
      {loaderData.pendingMobile ? (
        <>
          <TextWithMobile messageKey="account.edit.codeSentTo" mobile={loaderData.pendingMobile} />
          <Form method="post" className="form" noValidate>
            <input type="hidden" name="intent" value="verify" />
            <CodeField error={errors.userInputCode} refused={Boolean(actionData?.formError)} />
            <button type="submit" className="button" disabled={busy}>
              {t('account.edit.confirmMobile')}
            </button>
          </Form>
          <RestartForm action={here} />
        </>
      ) : (
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="mobile" />
          <p className="hint">{t('account.edit.mobileHint')}</p>
          <MobileField autoComplete="tel" error={errors.mobile} />
          <button type="submit" className="button secondary" disabled={busy}>
            {t('account.edit.sendCode')}
          </button>
        </Form>
      )}
    </section>
  )
}
