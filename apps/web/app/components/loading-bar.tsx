import { useEffect, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { useI18n } from '~/utils/i18n.ts'

// docs/product/shell.md: throttle 200 ms, duration 2000 ms, height 4 px, error colour on error.
export const LOADING_BAR_THROTTLE_MS = 200
export const LOADING_BAR_DURATION_MS = 2000

export function LoadingBar({ error = false }: { error?: boolean }) {
  const navigation = useNavigation()
  const { t } = useI18n()
  const busy = navigation.state !== 'idle'
  const [phase, setPhase] = useState<'hidden' | 'running' | 'done'>('hidden')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    clearTimeout(timer.current)
    if (busy) {
      // Only show the bar when loading takes longer than the throttle, so quick pages do not flash.
      timer.current = setTimeout(() => setPhase('running'), LOADING_BAR_THROTTLE_MS)
    } else {
      timer.current = setTimeout(() => {
        setPhase((p) => (p === 'running' ? 'done' : p))
        timer.current = setTimeout(() => setPhase('hidden'), 400)
      }, 0)
    }
    return () => clearTimeout(timer.current)
  }, [busy])

  return (
    <div
      className="loading-bar"
      data-phase={phase}
      data-error={error || undefined}
      role="progressbar"
      aria-label={t('common.loading')}
      aria-hidden={phase === 'hidden'}
      aria-busy={phase === 'running'}
      style={{ ['--loading-duration' as string]: `${LOADING_BAR_DURATION_MS}ms` }}
    />
  )
}
