/**
 * React Router cancels a request when a newer one replaces it (a cart count changed again before
 * the first change was answered, a navigation made while a form was sending). On some of its paths
 * the cancelled fetch's rejection reaches no handler of the router's (remix-run/react-router#14203)
 * and would show as an uncaught error. A cancelled request is the expected outcome, not a fault:
 * it is kept out of the console and of error reports. Any other rejection is left as it is.
 */
export function ignoreSupersededRequests() {
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason
    if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault()
  }
  window.addEventListener('unhandledrejection', onRejection)
  return () => window.removeEventListener('unhandledrejection', onRejection)
}
