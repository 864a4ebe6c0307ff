import { useEffect, useState } from 'react'

/**
 * The current time, refreshed every minute and when the page becomes visible again, so a page left
 * open keeps its open/closed states right. Null until the first refresh: the first render uses the
 * server's values from the loader, which avoids a hydration mismatch.
 */
export function useMinuteClock(): Date | null {
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    const tick = () => setNow(new Date())
    const id = window.setInterval(tick, 60_000)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearInterval(id)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  return now
}
