import { useI18n } from '~/utils/i18n.ts'

/** How much of a form's files has gone, while the page's script sends it (null: not sending). */
export function UploadProgress({ value }: { value: number | null }) {
  const { t } = useI18n()
  if (value === null) return null
  const percent = Math.round(value * 100)
  return (
    <div className="upload-progress" role="status">
      <progress max={1} value={value} aria-label={t('common.uploading')} />
      <span>{t('common.uploadedPercent', { percent })}</span>
    </div>
  )
}
