import { useRouteLoaderData } from 'react-router'
import { useI18n } from '~/utils/i18n.ts'
import type { RootData } from '~/root.tsx'

/**
 * docs/product/demo-mode.md: in demo mode every page says so, in one slim line, so nobody takes
 * the sample shop for a real one or waits for an SMS that will never come.
 */
export function DemoBanner() {
  const data = useRouteLoaderData<RootData>('root')
  const { t } = useI18n()
  if (!data?.demo) return null
  return (
    <p className="demo-banner" role="note">
      <strong>{t('common.demo.label')}</strong> {t('common.demo.text')}
    </p>
  )
}
