import { useI18n } from '~/utils/i18n.ts'

/** A list filter's first and last day (`from`, `to`, YYYY-MM-DD), as the back office's lists use. */
export function DayRangeFields({ from, to }: { from: string; to: string }) {
  const { t } = useI18n()
  return (
    <>
      <label>
        {t('admin.orders.from')}
        <input type="date" name="from" defaultValue={from} />
      </label>
      <label>
        {t('admin.orders.to')}
        <input type="date" name="to" defaultValue={to} />
      </label>
    </>
  )
}
