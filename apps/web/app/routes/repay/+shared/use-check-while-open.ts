import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'

/** The first look after 15 s, then each a half longer, up to one every two minutes. */
const FIRST_MS = 15_000
const LONGEST_MS = 120_000

/**
 * docs/product/repayments.md (A payment gateway's notice): while a code can still be paid, the
 * page asks again whether it has been, so a farmer back from their bank app sees "paid" without
 * reloading: at once when the page is shown again, and now and then while it stays in view (less
 * often the longer it stays, and never while hidden). Once paid or expired it stops.
 */
export function useCheckWhileOpen(open: boolean) {
  const revalidator = useRevalidator()
  // Read at each look, so a look in flight does not restart the schedule.
  const latest = useRef(revalidator)
  useEffect(() => {
    latest.current = revalidator
  })
  useEffect(() => {
    if (!open) return
    let wait = FIRST_MS
    let timer = 0
    const look = () => {
      const { state, revalidate } = latest.current
      if (document.visibilityState === 'visible' && state === 'idle') void revalidate()
    }
    const schedule = () => {
      timer = window.setTimeout(() => {
        look()
        wait = Math.min(LONGEST_MS, Math.round(wait * 1.5))
        schedule()
      }, wait)
    }
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return
      look()
      wait = FIRST_MS
      window.clearTimeout(timer)
      schedule()
    }
    schedule()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [open])
}
