import { useSyncExternalStore } from 'react'

/** What the browser says of the connection (Network Information API; Chromium on Android has it). */
export type ConnectionInfo = {
  saveData?: boolean
  effectiveType?: string
  addEventListener?: (type: 'change', listener: () => void) => void
  removeEventListener?: (type: 'change', listener: () => void) => void
}

/**
 * docs/product/shell.md: Save-Data and slow networks. Another page's code and data are fetched
 * ahead of a tap only when the farmer has not asked to save data and the connection is better
 * than 2G; a browser that says nothing about its connection gets the prefetch.
 */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true
  if (connection.saveData) return false
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g'
}

function currentConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection
}

function subscribe(onChange: () => void) {
  const connection = currentConnection()
  connection?.addEventListener?.('change', onChange)
  return () => connection?.removeEventListener?.('change', onChange)
}

/**
 * The `prefetch` of a link to one of the shop's main pages: on intent (hover, focus, touch start)
 * where the connection allows it, never on the server (the document names no other page's files)
 * nor while the farmer saves data.
 */
export function usePrefetch(): 'intent' | 'none' {
  const allowed = useSyncExternalStore(
    subscribe,
    () => prefetchAllowed(currentConnection()),
    () => false,
  )
  return allowed ? 'intent' : 'none'
}
