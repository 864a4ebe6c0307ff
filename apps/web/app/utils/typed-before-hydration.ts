import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'
import {
  POSTED_BEFORE_HYDRATION,
  SENT_BEFORE_HYDRATION,
  TYPED_BEFORE_HYDRATION,
  TYPED_FORM_ATTRIBUTE,
} from './scripts-after-paint.ts'

// docs/product/shell.md: what the farmer typed before the scripts arrived is kept. Scripts
// start after the first paint, so on a slow line a farmer often types first. Fields React does not
// control keep their text by themselves; a controlled field would go back to its state's value at
// the next render (and a select is set back at hydration), so the starter records each change and
// the form takes the record over when it hydrates. The starter also marks the form, so that the
// page's CSS can mark what the change made stale until it is taken over (Before the scripts
// arrive); taking over removes the mark once the form shows the change's effect.

type Record_ = Record<string, string>
type Holder = {
  [TYPED_BEFORE_HYDRATION]?: Record_ | null
  [POSTED_BEFORE_HYDRATION]?: number
  [SENT_BEFORE_HYDRATION]?: unknown[]
}

/** After the page has hydrated, changes belong to React; the record is closed. */
export function stopRecordingTyped() {
  if (typeof window !== 'undefined') (window as Holder)[TYPED_BEFORE_HYDRATION] = null
}

/**
 * Whether the browser itself posted a form of this page before it hydrated, and the next page has
 * not come yet: the starter then stops every other submission, and a form must not send what it
 * takes over either (the post already carries it).
 */
export function postedBeforeHydration(): boolean {
  return typeof window !== 'undefined' && Boolean((window as Holder)[POSTED_BEFORE_HYDRATION])
}

function openRecord(): Record_ | null {
  return typeof window === 'undefined' ? null : ((window as Holder)[TYPED_BEFORE_HYDRATION] ?? null)
}

/**
 * Runs `takeOver` once, at hydration (effects of the page run before the root's, which closes the
 * record: root.tsx); when it took something over, removes the starter's mark from `forms()` after
 * the render that follows, which shows what the change did. Returns whether it took something
 * over: true from that render on (so a page can keep the room a note took, cart.tsx).
 *
 * A layout effect, not a passive one: React runs passive effects in a later task, and a tap the
 * browser handles between the two (input goes first) met handlers that still held the server's
 * state: "Add to cart" sent 1 while the field showed the 2 typed before the scripts came. Layout
 * effects, and the render their state asks for, finish in the task that commits the hydration.
 */
function useTakeOver(takeOver: () => boolean, forms: () => Iterable<HTMLFormElement>): boolean {
  const [takenOver, setTakenOver] = useState(false)
  useLayoutEffect(() => {
    // Reads what the starter kept outside React, once; the render this asks for is the one that
    // shows it taken over (the marks must outlive it, not go before it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (openRecord() && takeOver()) setTakenOver(true)
    // Only at hydration: from then on every change goes through the form's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (takenOver) for (const form of forms()) form.removeAttribute(TYPED_FORM_ATTRIBUTE)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takenOver])
  return takenOver
}

/** Once, when the form hydrates: hands `apply` the fields (of `fields`) changed before that. */
export function useTypedBeforeHydration<F extends string>(
  fields: readonly F[],
  apply: (typed: Partial<Record<F, string>>) => void,
) {
  useTakeOver(
    () => {
      const record = openRecord() ?? {}
      const typed: Partial<Record<F, string>> = {}
      for (const field of fields) if (field in record) typed[field] = record[field]
      if (Object.keys(typed).length === 0) return false
      apply(typed)
      return true
    },
    () =>
      [...document.querySelectorAll<HTMLFormElement>(`form[${TYPED_FORM_ATTRIBUTE}]`)].filter(
        (form) => fields.some((field) => form.elements.namedItem(field)),
      ),
  )
}

/**
 * Once, when the form hydrates, if it was changed before that: hands `takeOver` the form as it
 * stands (for forms whose fields React does not control: their elements hold what was typed).
 */
export function useFormTakeOver(
  form: RefObject<HTMLFormElement | null>,
  takeOver: (form: HTMLFormElement) => void,
): boolean {
  return useTakeOver(
    () => {
      const element = form.current
      if (!element?.hasAttribute(TYPED_FORM_ATTRIBUTE)) return false
      takeOver(element)
      return true
    },
    () => (form.current ? [form.current] : []),
  )
}

/**
 * Whether the browser itself posted `form` (its scripts had not arrived, or no script stopped the
 * submit): the answer is a new page on its way, and this one is about to be left. The starter
 * keeps these forms (scripts-after-paint.ts); a page brought back by the back-forward cache has
 * none.
 */
export function wasSentBeforeHydration(form: HTMLFormElement | null | undefined): boolean {
  if (!form || typeof window === 'undefined') return false
  const sent = (window as Holder)[SENT_BEFORE_HYDRATION]
  return Array.isArray(sent) && sent.includes(form)
}

/**
 * docs/product/shell.md: a button tapped before the scripts arrived posts its form as it does
 * without them; when the scripts arrive while that answer is on its way, the form must say it is
 * being sent and must not be sent a second time by its script (an upload, an application twice).
 * True from hydration until the page is left; a page the back-forward cache brings back is not
 * sending any more. (A form whose answer is a download does not leave the page: none uses this.)
 */
export function useSentBeforeHydration(form: RefObject<HTMLFormElement | null>): boolean {
  const [sent, setSent] = useState(false)
  useEffect(() => {
    // Read once the form is in the page; the render before this one is the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (wasSentBeforeHydration(form.current)) setSent(true)
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setSent(false)
    }
    window.addEventListener('pageshow', shown)
    return () => window.removeEventListener('pageshow', shown)
  }, [form])
  return sent
}
