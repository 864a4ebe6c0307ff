import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import type { Location } from 'react-router'

/** Typing pauses this long before the URL is updated (the result itself updates at once). */
export const SEARCH_SYNC_DELAY_MS = 250

interface SyncState {
  calculatorKey?: string
}

/**
 * Identity of the calculator form. Our own URL updates carry the key in their history state, so
 * the form keeps its state (and focus) while the URL follows it; any other navigation to the page
 * gets a fresh key, so the form is rebuilt from the new URL.
 */
export function formKeyOf(location: Location): string {
  const state = location.state as SyncState | null
  return state?.calculatorKey ?? location.key
}

/**
 * Keeps the query string equal to the form (GET form state lives in the URL, so results can be
 * shared and survive a reload). Replaces the history entry instead of adding one per keystroke,
 * keeps the scroll position, and runs no loader (shouldRevalidate). Returns `write`, which writes
 * the URL at once for an explicit submit, and `stop`, for a form that leaves by another
 * navigation (the product picker): a pending write would cancel that navigation.
 */
export function useSearchSync(
  search: string,
  formKey: string,
): { write: () => void; stop: () => void } {
  const navigate = useNavigate()
  const location = useLocation()
  // Another navigation under way (the product picker, a link) wins: writing the old form's URL
  // now would cancel it.
  const navigating = useNavigation().state !== 'idle'
  const stopped = useRef(false)
  const target = search === '' ? '' : `?${search}`
  const write = useCallback(() => {
    if (stopped.current || navigating || target === location.search) return
    void navigate(
      { search: target },
      { replace: true, preventScrollReset: true, state: { calculatorKey: formKey } },
    )
  }, [navigate, navigating, target, location.search, formKey])
  useEffect(() => {
    const timer = setTimeout(write, SEARCH_SYNC_DELAY_MS)
    return () => clearTimeout(timer)
  }, [write])
  const stop = useCallback(() => {
    stopped.current = true
  }, [])
  return { write, stop }
}
