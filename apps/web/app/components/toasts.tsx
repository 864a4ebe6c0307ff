import { useEffect, useState } from 'react'
import type * as ToastModule from 'react-hot-toast'

// docs/product/limits.md: toasts close after 5000 ms by default and pause while hovered (react-hot-toast does).
export const TOAST_DEFAULT_MS = 5000
const TOAST_EVENT = 'app:toast'

export type ToastRequest = {
  kind: 'error' | 'success' | 'info'
  title?: string
  message: string
  duration?: number
}

// Toasts raised before the toast area has mounted (a page's effect runs before it) wait here.
const early: ToastRequest[] = []
let mounted = false

/** Raise a toast from anywhere in the browser (docs/product/shell.md: notifications). */
export function notify(request: ToastRequest) {
  if (!mounted) early.push(request)
  else window.dispatchEvent(new CustomEvent<ToastRequest>(TOAST_EVENT, { detail: request }))
}

type ToastLibrary = typeof ToastModule

/**
 * The toast area. The toast library is only downloaded when the first toast is raised, so pages
 * that never show one do not pay for it on a slow network.
 */
export function Toasts() {
  const [lib, setLib] = useState<ToastLibrary | null>(null)
  useEffect(() => {
    const show = (request: ToastRequest) => {
      void import('react-hot-toast').then((mod) => {
        setLib(mod)
        const text = request.title ? `${request.title}\n${request.message}` : request.message
        const options = { duration: request.duration ?? TOAST_DEFAULT_MS }
        if (request.kind === 'error') mod.toast.error(text, options)
        else if (request.kind === 'success') mod.toast.success(text, options)
        else mod.toast(text, options)
      })
    }
    const onToast = (event: Event) => show((event as CustomEvent<ToastRequest>).detail)
    window.addEventListener(TOAST_EVENT, onToast)
    mounted = true
    early.splice(0).forEach(show)
    return () => {
      mounted = false
      window.removeEventListener(TOAST_EVENT, onToast)
    }
  }, [])
  if (!lib) return <div className="toast-area" aria-live="polite" />
  const { Toaster } = lib
  return (
    <div className="toast-area" aria-live="polite">
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_DEFAULT_MS,
          style: { whiteSpace: 'pre-line' },
          error: {
            style: { background: 'var(--color-danger)', color: '#fff', whiteSpace: 'pre-line' },
          },
        }}
      />
    </div>
  )
}
