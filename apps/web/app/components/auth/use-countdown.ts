import { useEffect, useState } from 'react'
import { useHydrated } from '~/components/contact/use-hydrated.ts'

/**
 * Seconds left of a wait the server measured, ticking down once the page's JavaScript runs. Null
 * on the server and during hydration: without JavaScript nothing can tick, so the page must not
 * render a state (a disabled button) that only a script could undo. A new `seconds` or
 * `restartKey` (a new code was sent) starts the count again.
 */
export function useCountdown(seconds: number, restartKey: string | number): number | null {
  const hydrated = useHydrated()
  const key = `${restartKey}:${seconds}`
  const [tick, setTick] = useState({ key, elapsed: 0 })
  const elapsed = tick.key === key ? tick.elapsed : 0
  useEffect(() => {
    if (seconds <= 0) return
    const started = Date.now()
    const id = window.setInterval(() => {
      const next = Math.floor((Date.now() - started) / 1000)
      setTick({ key, elapsed: next })
      if (next >= seconds) window.clearInterval(id)
    }, 1000)
    return () => window.clearInterval(id)
  }, [seconds, key])
  return hydrated ? Math.max(0, seconds - elapsed) : null
}
