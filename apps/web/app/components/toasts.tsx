import { useEffect, useState, type ReactNode } from 'react'

const TOAST_EVENT = 'app:toast'

export type ToastRequest = {
  kind: 'error' | 'success' | 'info'
  title?: string
  message: string
  duration?: number
  /** A button in the toast (reload for a new version); `dismiss` labels a second one that closes it. */
  action?: { label: string; run: () => void; dismiss?: string }
}

// Toasts raised before the toast area has mounted (a page's effect runs before it) wait here.
const early: ToastRequest[] = []
let mounted = false

/** Raise a toast from anywhere in the browser (docs/product/shell.md: notifications). */
export function notify(request: ToastRequest) {
  if (!mounted) early.push(request)
  else window.dispatchEvent(new CustomEvent<ToastRequest>(TOAST_EVENT, { detail: request }))
}

/**
 * The toast area. The toast library and the code that draws a toast are only downloaded when the
 * first toast is raised, so pages that never show one do not pay for them on a slow network.
 */
export function Toasts() {
  const [area, setArea] = useState<ReactNode>(null)
  useEffect(() => {
    const show = (request: ToastRequest) =>
      void import('./toast-view.tsx').then((view) => setArea(view.showToast(request)))
    const onToast = (event: Event) => show((event as CustomEvent<ToastRequest>).detail)
    window.addEventListener(TOAST_EVENT, onToast)
    mounted = true
    early.splice(0).forEach(show)
    return () => {
      mounted = false
      window.removeEventListener(TOAST_EVENT, onToast)
    }
  }, [])
  return (
    <div className="toast-area" aria-live="polite">
      {area}
    </div>
  )
}
