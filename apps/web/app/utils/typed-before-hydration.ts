import { useEffect } from 'react'
import { TYPED_BEFORE_HYDRATION } from './scripts-after-paint.ts'

// docs/product/shell.md: what the farmer typed before the scripts arrived is kept. Scripts
// start after the first paint, so on a slow line a farmer often types first. Fields React does not
// control keep their text by themselves; a controlled field would go back to its state's value at
// the next render (and a select is set back at hydration), so the starter records each change and
// the form takes the record over when it hydrates.

type Record_ = Record<string, string>
type Holder = { [TYPED_BEFORE_HYDRATION]?: Record_ | null }

/** After the page has hydrated, changes belong to React; the record is closed. */
export function stopRecordingTyped() {
  if (typeof window !== 'undefined') (window as Holder)[TYPED_BEFORE_HYDRATION] = null
}

/**
 * Once, when the form hydrates: hands `apply` the fields (of `fields`) changed before that.
 * Effects of the page run before the root's, which closes the record (root.tsx).
 */
export function useTypedBeforeHydration<F extends string>(
  fields: readonly F[],
  apply: (typed: Partial<Record<F, string>>) => void,
) {
  useEffect(() => {
    const record = typeof window === 'undefined' ? null : (window as Holder)[TYPED_BEFORE_HYDRATION]
    if (!record) return
    const typed: Partial<Record<F, string>> = {}
    for (const field of fields) if (field in record) typed[field] = record[field]
    if (Object.keys(typed).length > 0) apply(typed)
    // Only at hydration: from then on every change goes through the form's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
