import type { Locale } from '@padi/domain/i18n/locales'
import type { SuggestionsAnswer } from '~/routes/products/search-suggestions.ts'

/** Waited after the last key before asking: one request per pause, not one per letter. */
const PAUSE_MS = 150

/**
 * docs/product/catalogue.md (Suggestions while typing): under every search box (the header's, the
 * list's, the catalogue's), the weeds, pests, diseases and products that what is typed starts, as
 * links to their list. Loaded with the page's background work (after-hydration.ts), so a page
 * carries none of it before the farmer types; listens on the document, so boxes that come with a
 * later page are served too. Text typed before it ran is taken up at once. The list is drawn
 * here, with its look, so no page carries its markup or style until it is used.
 */
export function watchSearchSuggestions(locale: Locale) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked: AbortController | undefined
  let list: HTMLUListElement | null = null
  // The page's language now, first in every page's address (ADR 006): the router may have moved
  // to another since this started. (Nothing imported from the page's own modules: each import
  // would add an export to the files every page loads first.)
  const here = () => location.pathname.split('/')[1] || locale

  const boxOf = (target: EventTarget | null) =>
    target instanceof HTMLInputElement &&
    target.name === 'q' &&
    target.type === 'search' &&
    target.closest('[role=search]')
      ? target
      : null

  function hide() {
    // Forgotten first: removing it moves the focus out of it, which calls this again.
    const shown = list
    list = null
    if (shown?.isConnected) shown.remove()
  }

  function show(input: HTMLInputElement, answer: SuggestionsAnswer) {
    hide()
    if (answer.items.length === 0) return
    const holder = input.closest<HTMLElement>('[role=search]')!
    const to = input.form ? new URL(input.form.action).pathname : `/${here()}/products`
    list = document.createElement('ul')
    list.className = 'search-suggestions'
    list.setAttribute('aria-label', answer.label)
    Object.assign(list.style, {
      position: 'absolute',
      top: '100%',
      left: '0',
      // As wide as the box, and on a phone wider than the header's box (up to the screen's edge).
      width: 'max(100%, min(22rem, calc(100vw - 4.5rem)))',
      zIndex: '20',
      margin: '4px 0 0',
      padding: '0',
      listStyle: 'none',
      background: '#fff',
      border: '1px solid #9aa69d',
      borderRadius: '8px',
      boxShadow: '0 4px 12px rgba(0,0,0,.2)',
      textAlign: 'start',
    })
    for (const item of answer.items) {
      const link = document.createElement('a')
      link.href = `${to}?${new URLSearchParams({ q: item.text })}`
      Object.assign(link.style, {
        display: 'flex',
        justifyContent: 'space-between',
        gap: '0.5rem',
        minHeight: '44px',
        alignItems: 'center',
        padding: '0 0.75rem',
        color: '#1b4d2b',
        fontSize: '1rem',
      })
      const text = document.createElement('span')
      text.textContent = item.text
      const kind = document.createElement('span')
      kind.textContent = item.kind
      Object.assign(kind.style, { color: '#5b6660', fontSize: '0.85rem', whiteSpace: 'nowrap' })
      link.append(text, kind)
      const row = document.createElement('li')
      row.append(link)
      list.append(row)
    }
    if (getComputedStyle(holder).position === 'static') holder.style.position = 'relative'
    holder.append(list)
  }

  async function ask(input: HTMLInputElement) {
    asked?.abort()
    const typed = input.value.trim()
    if (typed.length < 2) return hide()
    const controller = (asked = new AbortController())
    const answer = await fetch(
      `/${here()}/search-suggestions?${new URLSearchParams({ q: typed })}`,
      { signal: controller.signal, headers: { accept: 'application/json' } },
    )
      .then((res) => (res.ok ? (res.json() as Promise<SuggestionsAnswer>) : null))
      .catch(() => null)
    // Only the answer to what the box holds now (a later key asked again).
    if (answer && !controller.signal.aborted && input.value.trim() === typed && input.isConnected)
      show(input, answer)
  }

  document.addEventListener('input', (event) => {
    const input = boxOf(event.target)
    if (!input) return
    clearTimeout(timer)
    timer = setTimeout(() => void ask(input), PAUSE_MS)
  })
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && list) hide()
  })
  document.addEventListener('focusout', (event) => {
    // Leaving the box and its list (not moving from one to the other) puts the list away.
    const next = event.relatedTarget
    if (list && !(next instanceof Node && list.parentElement?.contains(next))) hide()
  })
  // A page left (a suggestion tapped, a search sent) takes its list with it.
  document.addEventListener('submit', hide)
  window.addEventListener('popstate', hide)
  document.addEventListener('click', (event) => {
    if (!list || !(event.target instanceof Element) || !list.contains(event.target)) return
    const link = event.target.closest('a')
    const router = (window as { __reactRouterDataRouter?: { navigate: (to: string) => unknown } })
      .__reactRouterDataRouter
    // The page's router shows the list without loading the whole page again.
    if (link && router && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault()
      void router.navigate(link.pathname + link.search)
    }
    hide()
  })

  // Typed before this ran (the farmer's first key started the page's scripts).
  const typing = boxOf(document.activeElement)
  if (typing && typing.value.trim().length >= 2) void ask(typing)
}
