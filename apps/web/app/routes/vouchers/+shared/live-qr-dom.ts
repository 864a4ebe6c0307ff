import {
  clockOffset,
  judgeCode,
  nextClockOffset,
  nextRequestIn,
  renewalDue,
  type LiveAnswer,
} from './live-qr.ts'

// docs/product/vouchers.md (the customer's QR code) and ADR 084: the QR page's live part (its
// countdown, the next code, the counter's sale) is kept live by this small script of its own,
// which runs as soon as the part is in the page, with nobody touching the phone. The page's
// React starts at the first touch, as on every page that works without its scripts, and keeps
// the part as this script has drawn it (my-qr.tsx). No React here: the page's inline copy is
// this file and live-qr.ts bundled, about 2 KB.

/** What the server says to the script, in the live part's `data-config`. */
export type LiveQrConfig = {
  /** The page's one background request (qr-sales.ts). */
  sales: string
  /** The server's clock when the page was made. */
  now: string
  /** The newest sale shown (or ten minutes before the page was made). */
  since: string
  code: { expires_at: string; refresh_in_ms: number } | null
}

/**
 * The parts the script shows and hides, by `data-part`. Each is in the page as drawn, or, when it
 * was not shown then, inside a `<template data-part>` in its place.
 */
type PartName =
  'failed' | 'live' | 'intro' | 'code' | 'renewing' | 'ranOut' | 'digits' | 'countdown' | 'noSignal'

type Part = { node: HTMLElement; anchor: Node }

/** What a running live part keeps on its element: a second start finds it (React's effect). */
type LiveState = {
  parts: Map<string, Part>
  code: { expires_at: string; refresh_in_ms: number } | null
  renewAt: number
  offset: number | null
  since: string
  renewFailed: boolean
}

export type LiveQrRoot = HTMLElement & { liveQrState?: LiveState; liveQrStop?: () => void }

/** A translated text with `{{seconds}}` in it (the server fills the rest). */
const fill = (template: string | null | undefined, seconds: number) =>
  (template ?? '').replace('{{seconds}}', String(seconds))

/** Each part and where it goes back; a part inside a template is found once it is taken out. */
function collectParts(scope: ParentNode, parts: Map<string, Part>) {
  for (const found of Array.from(scope.querySelectorAll<HTMLElement>('[data-part]'))) {
    const name = found.dataset.part!
    if (parts.has(name)) continue
    if (found instanceof HTMLTemplateElement) {
      // As the server drew it, the part is the template's content; as React drew it in the
      // browser (a page opened from another page), its child.
      const node = (found.content.firstElementChild ?? found.firstElementChild)?.cloneNode(true)
      if (!(node instanceof HTMLElement)) continue
      parts.set(name, { node, anchor: found })
      collectParts(node, parts)
    } else {
      const anchor = document.createComment(name)
      found.after(anchor)
      parts.set(name, { node: found, anchor })
    }
  }
}

/**
 * Starts the live part `root` (once: a second call returns the running one's stop). Returns the
 * stop. The part stops by itself once it is no longer in the page.
 */
export function startLiveQr(root: LiveQrRoot): () => void {
  if (root.liveQrStop) return root.liveQrStop
  const config = JSON.parse(root.dataset.config ?? 'null') as LiveQrConfig
  const state: LiveState = (root.liveQrState ??= {
    parts: new Map(),
    code: config.code,
    renewAt: Date.parse(config.now) + (config.code?.refresh_in_ms ?? 0),
    offset: null,
    since: config.since,
    renewFailed: false,
  })
  if (state.parts.size === 0) collectParts(root, state.parts)
  const part = (name: PartName) => state.parts.get(name)?.node
  const show = (name: PartName, shown: boolean) => {
    const found = state.parts.get(name)
    if (!found) return
    if (shown && !found.node.isConnected)
      found.anchor.parentNode?.insertBefore(found.node, found.anchor)
    if (!shown && found.node.isConnected) found.node.remove()
  }

  let stopped = false
  let busy = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const serverNow = () => Date.now() + (state.offset ?? 0)

  /** The page as the code stands now, by the server's clock. */
  function draw() {
    const judgement = judgeCode(
      state.code,
      state.renewAt,
      serverNow(),
      state.renewFailed || !navigator.onLine,
    )
    const { phase } = judgement
    const shown = Boolean(state.code) && (phase === 'live' || phase === 'noSignal')
    const live = part('live')
    if (live) {
      live.dataset.live = ''
      live.dataset.phase = phase
    }
    show('failed', !state.code && phase !== 'ranOut')
    show('live', Boolean(state.code) || phase === 'ranOut')
    show('intro', shown)
    show('code', shown)
    show('digits', shown)
    show('renewing', phase === 'renewing')
    const ranOut = part('ranOut')
    if (ranOut) ranOut.setAttribute('role', 'alert')
    show('ranOut', phase === 'ranOut')
    show('countdown', shown && phase === 'live')
    show('noSignal', shown && phase === 'noSignal')
    const countdown = part('countdown')
    if (countdown)
      countdown.textContent = fill(countdown.dataset.template, judgement.secondsToRenew)
    const stillValid = part('noSignal')?.querySelector<HTMLElement>('[data-template]')
    if (stillValid)
      stillValid.textContent = fill(stillValid.dataset.template, judgement.secondsLeft)
  }

  function tick() {
    if (!root.isConnected) return stop()
    draw()
  }

  async function ask() {
    clearTimeout(timer)
    if (stopped || busy || document.hidden) return
    if (!root.isConnected) return stop()
    busy = true
    const renew = renewalDue(state.code, state.renewAt, serverNow())
    const query = new URLSearchParams({ since: state.since, ...(renew ? { renew: '1' } : {}) })
    const sentAt = Date.now()
    const res = await fetch(`${config.sales}?${query}`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
    }).catch(() => null)
    const answer = res?.ok ? ((await res.json().catch(() => null)) as LiveAnswer | null) : null
    busy = false
    if (stopped) return
    // Logged out or barred: the page loaded again shows why (the login page, or the refusal).
    if (res && (res.status === 401 || res.status === 403 || res.type === 'opaqueredirect'))
      return void window.location.reload()
    if (answer) {
      state.offset = nextClockOffset(state.offset, answer.now, sentAt, Date.now())
      const slot = root.querySelector('[data-slot="sale"]')
      if (answer.sale && answer.sale_html && slot) {
        state.since = answer.sale.created_at
        // The server's own markup of the sale (qr-sales.ts renders the page's component).
        slot.innerHTML = answer.sale_html
      }
      if (answer.code) {
        state.code = answer.code
        state.renewAt = Date.parse(answer.now) + answer.code.refresh_in_ms
        const code = part('code')
        if (code) code.innerHTML = answer.code.svg
        const digits = part('digits')
        if (digits)
          digits.textContent = `${answer.code.digits.slice(0, 4)} ${answer.code.digits.slice(4)}`
      }
    }
    state.renewFailed = renew && !answer?.code
    draw()
    timer = setTimeout(
      () => void ask(),
      nextRequestIn(state.renewAt, serverNow(), state.renewFailed),
    )
  }

  // The document's own HTML, fresh from the server (not a copy the phone saved): its `now` and the
  // moment its first byte arrived give the server's clock before any request.
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined
  if (
    state.offset === null &&
    !document.documentElement.hasAttribute('data-offline') &&
    navigation &&
    new URL(navigation.name).pathname === location.pathname &&
    !window.__qrClockTaken
  ) {
    window.__qrClockTaken = true
    const arrived = performance.timeOrigin + navigation.responseStart
    if (Number.isFinite(arrived)) state.offset = clockOffset(config.now, arrived, arrived)
  }

  const everySecond = setInterval(tick, 1000)
  const backOnline = () => {
    draw()
    void ask()
  }
  const shownAgain = () => void (!document.hidden && ask())
  window.addEventListener('offline', draw)
  window.addEventListener('online', backOnline)
  document.addEventListener('visibilitychange', shownAgain)
  function stop() {
    stopped = true
    clearTimeout(timer)
    clearInterval(everySecond)
    window.removeEventListener('offline', draw)
    window.removeEventListener('online', backOnline)
    document.removeEventListener('visibilitychange', shownAgain)
    delete root.liveQrStop
  }
  root.liveQrStop = stop
  draw()
  // At once: the sales since the page was made, and the server's clock (a page opened from the
  // app's menu may have come from the phone's saved copy).
  void ask()
  return stop
}

declare global {
  interface Window {
    /** The document's own HTML gave the QR page the server's clock (once per document). */
    __qrClockTaken?: boolean
  }
}
