import { Toaster } from 'react-hot-toast'

// Spec 9: toasts close after 5000 ms by default and pause while hovered (react-hot-toast does).
export const TOAST_DEFAULT_MS = 5000

export function Toasts() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DEFAULT_MS,
        error: {
          duration: TOAST_DEFAULT_MS,
          style: { background: 'var(--color-danger)', color: '#fff' },
        },
      }}
    />
  )
}
