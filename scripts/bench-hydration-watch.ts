// The part of `npm run bench:hydration` that runs inside the page: it notes when the farmer's tap
// (or key) reached the page and when its effect first showed, both on the page's own clock, so
// that the time the DevTools protocol takes to ask does not count. Installed with
// `addInitScript`, it runs in every document of the tab before the page's own scripts; what it
// notes is kept in sessionStorage, so a tap answered by a new document (a link, or a form the
// browser posts before the scripts are there) is timed too: from the tapped document's
// `timeOrigin + event.timeStamp` to the new document's `timeOrigin + performance.now()`.

/** What starts the clock: a touch, a key, or the navigation itself (a page nobody touches). */
export type Trigger = 'tap' | 'key' | 'arrival'

/**
 * What the watcher is told about one page. The functions run in the page, not in Node: they are
 * passed as their source text, so they may use only the page's globals and their argument.
 */
export interface WatchSpec {
  trigger: Trigger
  /** Read as the tap reaches the page: what the effect is compared with (the subtotal shown). */
  baseline: () => string
  /** A value from Node for `effect` (the drone's tank size, say): the functions see no imports. */
  expected: string
  /** Whether the tap's effect shows now (in any document of the tab). */
  effect: (baseline: string, expected: string) => boolean
  /** What the page shows, in a few words: reported when the effect never came. */
  state: () => string
}

/** How the tapped page stood when the tap came (kept for when a new document replaces it). */
export interface TapContext {
  /** First contentful paint on the page's clock (ms after its navigation start). */
  fcp: number | null
  /** The page asked for its scripts at once (`data-scripts-now`). */
  scriptsNow: boolean
  /** The page's first interaction (ADR 031's events, the tap's own included), and its time. */
  firstInteraction: { type: string; at: number } | null
  /** Epoch ms at which the page hydrated, if it had. */
  hydratedAt: number | null
}

/** What the watcher noted, read from the document the tab is on at the end of a run. */
export interface WatchResult {
  /** The document's id: its timeOrigin (ms since the epoch, sub-millisecond). */
  doc: string
  baseline: string
  /** Epoch ms (sub-millisecond) of the tap's first touchstart/pointerdown (or keydown). */
  tapAt: number | null
  tapDoc: string | null
  tapContext: TapContext | null
  effectAt: number | null
  effectDoc: string | null
  /** Whether the page the effect showed in had hydrated then. */
  effectAfterHydration: boolean
  /** This document, now. */
  now: TapContext
  /** Whether the effect holds now, at the end of the run. */
  holdsNow: boolean
  state: string
}

/** The init script for one page: the watcher below with the page's own functions inlined. */
export function watchScript(spec: WatchSpec): string {
  // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(...)`: a no-op
  // of our own stands in for esbuild's helper, in this script's scope only.
  return `(() => { const __name = (f) => f; (${watch.toString()})({ trigger: ${JSON.stringify(
    spec.trigger,
  )}, expected: ${JSON.stringify(spec.expected)}, baseline: ${spec.baseline.toString()}, effect: ${spec.effect.toString()}, state: ${spec.state.toString()} }) })()`
}

/** Runs in the page (see watchScript). */
function watch(spec: WatchSpec) {
  const KEY = '__benchHydration'
  const w = window as unknown as Record<string, unknown>
  const doc = String(performance.timeOrigin)
  const epoch = (pageTime: number) => performance.timeOrigin + pageTime
  type Shared = Pick<
    WatchResult,
    | 'baseline'
    | 'tapAt'
    | 'tapDoc'
    | 'tapContext'
    | 'effectAt'
    | 'effectDoc'
    | 'effectAfterHydration'
  > & { armed: boolean }
  const kept = sessionStorage.getItem(KEY)
  const shared: Shared = kept
    ? (JSON.parse(kept) as Shared)
    : {
        armed: false,
        baseline: '',
        tapAt: null,
        tapDoc: null,
        tapContext: null,
        effectAt: null,
        effectDoc: null,
        effectAfterHydration: false,
      }
  const save = () => sessionStorage.setItem(KEY, JSON.stringify(shared))
  // The bench's binding (BrowserContext.exposeBinding): tells Node that something happened, so it
  // need not poll; the times themselves are read from the page afterwards.
  const report = (kind: 'effect' | 'hydrated') => {
    const binding = w.__benchReport
    if (typeof binding === 'function') void (binding as (k: string) => Promise<void>)(kind)
  }
  let hydratedAt: number | null = null
  let firstInteraction: TapContext['firstInteraction'] = null
  const context = (): TapContext => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    return {
      fcp: fcp ? fcp.startTime : null,
      scriptsNow: document.querySelector('[data-scripts-now]') !== null,
      firstInteraction,
      hydratedAt,
    }
  }

  const check = () => {
    if (
      shared.tapAt === null ||
      shared.effectAt !== null ||
      !spec.effect(shared.baseline, spec.expected)
    )
      return
    shared.effectAt = epoch(performance.now())
    shared.effectDoc = doc
    shared.effectAfterHydration = hydratedAt !== null
    save()
    report('effect')
  }

  // Hydration: the root sets the starter's record of typed text to null once the page has
  // hydrated (apps/web/app/utils/typed-before-hydration.ts); an accessor notes the moment.
  let record: unknown
  Object.defineProperty(window, '__typedBeforeHydration', {
    configurable: true,
    enumerable: true,
    get: () => record,
    set: (value: unknown) => {
      record = value
      if (value !== null || hydratedAt !== null) return
      hydratedAt = epoch(performance.now())
      check()
      report('hydrated')
    },
  })

  // After the tap, the effect is looked for after every change of the DOM and at every animation
  // frame (a field's value changes without a DOM mutation); before it, the page is left alone.
  let looping = false
  let observer: MutationObserver | null = null
  const frame = () => {
    check()
    if (shared.effectAt === null) return requestAnimationFrame(frame)
    looping = false
    observer?.disconnect()
  }
  const loop = () => {
    if (looping || shared.tapAt === null || shared.effectAt !== null) return
    looping = true
    requestAnimationFrame(frame)
    observer ??= new MutationObserver(check)
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
  }

  // The events that start the scripts (scripts-after-paint.ts, FIRST_INTERACTION_EVENTS).
  for (const type of [
    'pointerdown',
    'touchstart',
    'keydown',
    'focusin',
    'mousemove',
    'wheel',
    'scroll',
  ])
    window.addEventListener(
      type,
      (event) => {
        firstInteraction ??= { type, at: epoch(event.timeStamp) }
      },
      { capture: true, passive: true },
    )
  const triggers =
    spec.trigger === 'tap'
      ? ['touchstart', 'pointerdown']
      : spec.trigger === 'key'
        ? ['keydown']
        : []
  for (const type of triggers)
    window.addEventListener(
      type,
      (event) => {
        if (!shared.armed || shared.tapAt !== null) return
        // The event's own time: when the touch reached the browser, however busy the page was.
        shared.tapAt = epoch(event.timeStamp)
        shared.tapDoc = doc
        shared.baseline = spec.baseline()
        shared.tapContext = context()
        save()
        check()
        loop()
      },
      { capture: true, passive: true },
    )
  if (spec.trigger === 'arrival' && !shared.armed) {
    // A page nobody touches: the clock starts at the navigation (this document's time origin).
    shared.armed = true
    shared.tapAt = performance.timeOrigin
    shared.tapDoc = doc
    save()
  }
  // A document that follows the tap (a link, a form posted by the browser) looks at once, and so
  // does a page nobody touches (its effect is the page's own: the QR page's live part started).
  loop()

  w.__bench = {
    /** Just before the tap: from now on the first touch (or key) is the tap. */
    arm: () => {
      shared.armed = true
      save()
    },
    result: (): WatchResult => ({
      ...shared,
      doc,
      now: context(),
      holdsNow: shared.tapAt !== null && spec.effect(shared.baseline, spec.expected),
      state: spec.state(),
    }),
  }
}
