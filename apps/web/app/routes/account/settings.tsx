import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale, localizedText, type Locale } from '@padi/domain/i18n/locales'
import type { User } from '@padi/domain/auth/user-schema'
import { apiContext } from '~/utils/context.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { parseForm } from '~/utils/forms.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { useI18n, localePath } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { pageMessages } from '~/utils/messages.server.ts'
import { displayMobile } from '~/components/auth/mobile-display.ts'
import authCss from '~/components/auth/auth.css?url'
import type { StyleHandle } from '~/utils/route-styles.tsx'
import type { Route } from './+types/settings'

export const handle: StyleHandle = { css: [authCss] }

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'account.title', 'account.description')

type Profile = {
  fullName: string
  mobile: string
  email: string | null
  area: string
  district: string
  state: string | null
  postcode: string
  branch: string | null
  joinedAt: string
  lastLoginAt: string | null
  status: User['profile']['account_status']
  reminders: boolean
}

/** docs/product/accounts.md profile labels, from GET /me with the farmer's token (docs/product/accounts.md on 401/403/429). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const messages = pageMessages(params, ['account', 'pin'])
  const session = context.get(sessionContext)
  const api = context.get(apiContext)
  try {
    const user = await withUserToken({ session, locale }, (token) => api.me(token))
    const p = user.profile
    const profile: Profile = {
      fullName: p.full_name,
      mobile: displayMobile(p.mobile_number),
      email: user.email,
      area: p.area,
      district: p.district,
      state: p.state_name ? localizedText(p.state_name, locale) : p.state,
      postcode: p.postal_code,
      branch: p.preferred_branch ? localizedText(p.preferred_branch.name, locale) : null,
      joinedAt: p.joined_at,
      lastLoginAt: p.last_login_at,
      status: p.account_status,
      reminders: user.sms_reminders,
    }
    return { ...messages, profile }
  } catch (error) {
    // A 401 or a suspension is a redirect (thrown on by readRefusal); the API being away shows a
    // short message.
    readRefusal(error)
    return { ...messages, profile: null }
  }
}

/** The reminders' switch: the form sends the state to go to ('on' or 'off'), not a ticked box. */
const RemindersForm = z.object({ sms_reminders: z.enum(['on', 'off']) })

/** docs/product/notices.md: SMS reminders on or off; decisions about credit are always sent. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const form = parseForm(RemindersForm, await request.formData(), ['sms_reminders'])
  const on = form.ok && form.data.sms_reminders === 'on'
  await withUserToken({ session, locale }, (token) =>
    context.get(apiContext).setReminders(token, on),
  )
  session.update({
    flash: { kind: 'success', messageKey: on ? 'common.remindersOn' : 'common.remindersOff' },
  })
  return redirect(localePath(locale, '/settings'), 303)
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t, locale, date } = useI18n()
  const { profile } = loaderData
  return (
    <section className="auth-page">
      <h1>{t('account.title')}</h1>
      {profile ? (
        <>
          <h2>{t('account.profile')}</h2>
          <dl className="profile-list">
            <Row label={t('account.labels.fullName')} value={profile.fullName} />
            <Row label={t('account.labels.mobile')} value={profile.mobile} />
            <Row label={t('account.labels.email')} value={profile.email ?? t('account.notSet')} />
            <Row label={t('account.labels.area')} value={profile.area} />
            <Row label={t('account.labels.district')} value={profile.district} />
            <Row label={t('account.labels.state')} value={profile.state ?? t('account.notSet')} />
            <Row label={t('account.labels.postcode')} value={profile.postcode} />
            <Row label={t('account.labels.branch')} value={profile.branch ?? t('account.notSet')} />
            <Row label={t('account.labels.joined')} value={date(profile.joinedAt)} />
            <Row
              label={t('account.labels.lastLogin')}
              value={profile.lastLoginAt ? date(profile.lastLoginAt) : t('account.notSet')}
            />
            <Row
              label={t('account.labels.status')}
              value={t(`account.statuses.${profile.status}`)}
            />
          </dl>
          <h2>{t('account.notices.title')}</h2>
          <Form method="post" className="card form">
            <p className="hint">{t('account.notices.hint')}</p>
            <input type="hidden" name="sms_reminders" value={profile.reminders ? 'off' : 'on'} />
            <p>{t(profile.reminders ? 'account.notices.on' : 'account.notices.off')}</p>
            <button className="button secondary" type="submit">
              {t(profile.reminders ? 'account.notices.turnOff' : 'account.notices.turnOn')}
            </button>
          </Form>
        </>
      ) : (
        <div className="form-error" role="alert">
          <p>{t('account.unavailable')}</p>
          <Link to={localePath(locale, '/settings')} reloadDocument>
            {t('account.retry')}
          </Link>
        </div>
      )}
      <p className="button-row">
        <Link className="button secondary" to={localePath(locale, '/settings/profile')}>
          {t('account.edit.link')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/orders')}>
          {t('nav.orders')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/settings/addresses')}>
          {t('account.addresses.manage')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/settings/pin')}>
          {t('pin.manage')}
        </Link>
        <Link className="button secondary" to={localePath(locale, '/settings/biometrics')}>
          {t('pin.biometrics')}
        </Link>
      </p>
      <Form method="post" action={localePath(locale, '/logout')}>
        <button className="button secondary" type="submit">
          {t('account.logout')}
        </button>
      </Form>
    </section>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}
