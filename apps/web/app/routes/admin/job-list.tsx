import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale, type Locale } from '@padi/domain/i18n/locales'
import type { JobsOverview } from '@padi/domain/jobs/schemas'
import { apiContext } from '~/utils/context.server.ts'
import { withUserToken } from '~/utils/auth.server.ts'
import { readRefusal } from '~/utils/api-errors.server.ts'
import { sessionContext } from '~/utils/session.server.ts'
import { parseForm, type FormAnswer } from '~/utils/forms.ts'
import { localePath, useI18n } from '~/utils/i18n.ts'
import { pageMeta } from '~/utils/meta.ts'
import { FormAlert } from '~/components/auth/form-alert.tsx'
import type { Route } from './+types/job-list'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.jobs.title')

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A failed run to try again, by the id the queue gave it. */
const RetryForm = z.object({ id: z.string().regex(JOB_ID) })

/**
 * docs/reliability.md (Scheduled jobs): the shop's scheduled jobs and the runs that failed every
 * retry, for admins, who can send a failed run back to be tried again.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  if (session.data.user?.role !== 'admin') throw data(null, { status: 403 })
  try {
    const overview = await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).listJobs(token),
    )
    return { overview }
  } catch (error) {
    return data({ overview: null as JobsOverview | null }, readRefusal(error).init)
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const locale: Locale = isLocale(params.lang) ? params.lang : 'en'
  const session = context.get(sessionContext)
  const form = parseForm(RetryForm, await request.formData(), ['id'])
  if (!form.ok) return data<FormAnswer>({ formError: { key: 'admin.jobs.retryFailed' } }, 400)
  const { id } = form.data
  try {
    await withUserToken({ session, locale }, (token) =>
      context.get(apiContext).retryFailedJob(token, id),
    )
    session.update({ flash: { kind: 'success', messageKey: 'admin.jobs.retried' } })
    return redirect(localePath(locale, '/admin/jobs'), 303)
  } catch (error) {
    const refusal = readRefusal(error)
    return data<FormAnswer>(
      { formError: refusal.message ?? { key: 'admin.jobs.retryFailed' } },
      refusal.init,
    )
  }
}

export default function JobList({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, moment, market } = useI18n()
  const { overview } = loaderData
  return (
    <section>
      <h1>{t('admin.jobs.title')}</h1>
      <p>{t('admin.jobs.intro')}</p>
      {actionData?.formError ? <FormAlert message={actionData.formError} /> : null}
      {!overview ? (
        <p className="form-error" role="alert">
          {t('admin.jobs.failed')}
        </p>
      ) : (
        <>
          {overview.jobs.length === 0 ? (
            <p>{t('admin.jobs.noneHere')}</p>
          ) : (
            <div className="admin-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.jobs.job')}</th>
                    <th scope="col">{t('admin.jobs.every')}</th>
                    <th scope="col">{t('admin.jobs.waiting')}</th>
                    <th scope="col">{t('admin.jobs.running')}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.jobs.map((job) => (
                    <tr key={job.name}>
                      <td>{t(`admin.jobs.names.${job.name}`)}</td>
                      <td>
                        {job.every_seconds < 60
                          ? t('admin.jobs.everySeconds', { count: job.every_seconds })
                          : t('admin.jobs.everyMinutes', {
                              count: Math.round(job.every_seconds / 60),
                            })}
                      </td>
                      <td>{job.waiting}</td>
                      <td>{job.running}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>{t('admin.jobs.failedTitle')}</h2>
          {overview.failed.length === 0 ? (
            <p>{t('admin.jobs.noFailures')}</p>
          ) : (
            <div className="admin-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.jobs.job')}</th>
                    <th scope="col">{t('admin.jobs.failedAt')}</th>
                    <th scope="col">{t('admin.jobs.attempts')}</th>
                    <th scope="col">{t('admin.jobs.error')}</th>
                    <th scope="col">{t('admin.jobs.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.failed.map((job) => (
                    <tr key={job.id}>
                      <td>{t(`admin.jobs.names.${job.job}`)}</td>
                      <td>{moment(job.failed_at, market)}</td>
                      <td>{job.attempts}</td>
                      <td>
                        <code>{job.error}</code>
                      </td>
                      <td>
                        <Form method="post" action={localePath(locale, '/admin/jobs')}>
                          <input type="hidden" name="id" value={job.id} />
                          <button type="submit" className="button secondary">
                            {t('admin.jobs.retry')}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}
