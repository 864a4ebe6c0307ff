import { toast, Toaster, type Toast } from 'react-hot-toast'
import type { ToastRequest } from './toasts.tsx'

// docs/product/limits.md: toasts close after 5000 ms by default and pause while hovered (react-hot-toast does).
export const TOAST_DEFAULT_MS = 5000

const area = (
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
)

/** Shows one toast and returns the area that draws them (loaded with the first toast). */
export function showToast(request: ToastRequest) {
  const text = request.title ? `${request.title}\n${request.message}` : request.message
  const options = { duration: request.duration ?? TOAST_DEFAULT_MS }
  const { action } = request
  const content = action
    ? (shown: Toast) => (
        <span className="toast-with-action">
          <span>{text}</span>
          <span className="toast-actions">
            <button type="button" className="button" onClick={action.run}>
              {action.label}
            </button>
            {action.dismiss ? (
              <button
                type="button"
                className="button secondary"
                onClick={() => toast.dismiss(shown.id)}
              >
                {action.dismiss}
              </button>
            ) : null}
          </span>
        </span>
      )
    : text
  if (request.kind === 'error') toast.error(content, options)
  else if (request.kind === 'success') toast.success(content, options)
  else toast(content, options)
  return area
}
