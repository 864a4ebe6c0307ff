import type { Db } from '@padi/db/client'
import { readContentVersion } from './content-version.repository.ts'

/** How stale another instance's change may be here, at most. */
export const CONTENT_CHECK_EVERY_MS = 1000

export type ContentWatchOptions = {
  /** How often the version is read, at most. */
  everyMs?: number
  /**
   * The time in milliseconds, read only to space the readings. Date.now is looked up at each
   * reading, so a test that moves it moves the watches of the apps it builds too.
   */
  now?: () => number
}

/**
 * docs/product/back-office.md (Changes show at once), with several API instances: an instance's
 * in-memory copies (catalogue answers, branches) are dropped when the shop's content version
 * (a PostgreSQL sequence every change moves, in its own transaction) has moved, whichever
 * instance made the change. Read at most once a second, only while requests come in; a reading
 * that fails keeps what is there (the copies still expire on their own).
 */
export function createContentWatch(
  db: Db,
  { everyMs = CONTENT_CHECK_EVERY_MS, now = () => Date.now() }: ContentWatchOptions = {},
) {
  const listeners: (() => void)[] = []
  let known: number | null = null
  let checkedAt = -Infinity
  let pending: Promise<void> | null = null
  return {
    onChange(listener: () => void) {
      listeners.push(listener)
    },
    /** Resolves once this instance's copies reflect every change older than a second. */
    sync(): Promise<void> {
      if (pending) return pending
      if (now() - checkedAt < everyMs) return Promise.resolve()
      checkedAt = now()
      pending = readContentVersion(db)
        .then((version) => {
          if (known !== null && version !== known) for (const listener of listeners) listener()
          known = version
        })
        .catch(() => undefined)
        .finally(() => {
          pending = null
        })
      return pending
    },
  }
}
export type ContentWatch = ReturnType<typeof createContentWatch>
