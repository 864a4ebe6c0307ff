import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { useLocation } from 'react-router'

/**
 * A header's menu (a `<details>` that opens without scripts: the shop's, the counter's, the back
 * office's) closes when a link in it is followed; not on the page the scripts arrive on, whose menu
 * the farmer may have opened before them (docs/product/shell.md). Escape closes it and gives the
 * focus back to its button.
 */
export function useHeaderMenu(): {
  menu: RefObject<HTMLDetailsElement | null>
  closeOnEscape: (event: KeyboardEvent<HTMLDetailsElement>) => void
} {
  const location = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    if (menu.current) menu.current.open = false
  }, [location.key])
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return
    event.currentTarget.open = false
    event.currentTarget.querySelector('summary')?.focus()
  }
  return { menu, closeOnEscape }
}
