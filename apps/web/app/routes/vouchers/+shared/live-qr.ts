import type { CounterCode, CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'

// docs/product/vouchers.md (the customer's QR code): what the QR page's script decides about the
// code it shows, as plain functions of the clock (tested in live-qr.test.ts).

/** A code as the page shows it: the API's code and its QR, drawn on the server as an SVG. */
export type LiveCode = CounterCode & { svg: string }

/**
 * The answer of the QR page's one background request (qr-sales.ts): the server's clock, the sales
 * since the newest one shown (`count` is what an older page still reads), the newest in full and
 * as the page shows it (`sale_html`, the server's markup in the page's language), and a new code
 * when one was asked for or a sale may have used the one shown.
 */
export type LiveAnswer = {
  now: string
  count: number
  sale: CounterTransaction | null
  sale_html: string | null
  code: LiveCode | null
}

/**
 * How often the open page asks for sales (and, once a minute, a new code). A sale shows on the
 * phone at most this long plus one request after the counter made it: within 5 s on a farmer's
 * line (a 400 ms round trip), with a request of well under a kilobyte each time.
 */
export const WATCH_MS = 3_000

/**
 * A code is treated as run out this long before the server says: the clerk still has to type or
 * scan it and send it, and the page's idea of the server's clock is only as good as one request.
 */
export const EXPIRY_MARGIN_MS = 5_000

/**
 * What the page says about its code:
 * - live: a code that works; a new one comes by itself (the countdown);
 * - noSignal: the code still works, but a new one cannot be fetched (no network, or renewing it
 *   failed): the farmer is told how long it has and what to do without signal;
 * - renewing: the code has run out and a new one is being fetched (the code is not shown);
 * - ranOut: the code has run out and no new one can be fetched (the code is not shown).
 */
export type CodePhase = 'live' | 'noSignal' | 'renewing' | 'ranOut'

export type CodeJudgement = {
  phase: CodePhase
  /** Whole seconds until the next code is asked for (0 when it is due). */
  secondsToRenew: number
  /** Whole seconds the code shown still works (0 once it has run out). */
  secondsLeft: number
}

/**
 * Judges the code shown at `serverNow` (the server's clock as the page estimates it).
 * `renewAt` is when (server time) the next code is due; `noSignal` is true when the browser says
 * it is offline or the last attempt to renew failed.
 */
export function judgeCode(
  code: Pick<CounterCode, 'expires_at'> | null,
  renewAt: number,
  serverNow: number,
  noSignal: boolean,
): CodeJudgement {
  const usableUntil = code ? Date.parse(code.expires_at) - EXPIRY_MARGIN_MS : -Infinity
  const secondsLeft = Math.max(0, Math.ceil((usableUntil - serverNow) / 1000))
  const secondsToRenew = Math.max(0, Math.ceil((renewAt - serverNow) / 1000))
  const ranOut = !(serverNow < usableUntil)
  const phase: CodePhase = ranOut
    ? noSignal
      ? 'ranOut'
      : 'renewing'
    : noSignal
      ? 'noSignal'
      : 'live'
  return { phase, secondsToRenew, secondsLeft }
}

/**
 * Whether the next request should ask for a new code: none is shown, its minute is over, or it
 * has run out (a page brought back after a while, or a copy saved by the phone).
 */
export function renewalDue(
  code: Pick<CounterCode, 'expires_at'> | null,
  renewAt: number,
  serverNow: number,
): boolean {
  return (
    !code || serverNow >= renewAt || serverNow >= Date.parse(code.expires_at) - EXPIRY_MARGIN_MS
  )
}

/**
 * The server's clock minus the phone's, from one answer: the server's `now` was read about half
 * way between sending and receiving. A phone whose clock is wrong still judges codes by the
 * server's clock once one answer came.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverNow) - (sentAt + receivedAt) / 2
}

/**
 * An answer that took longer than this says little about the server's clock: its `now` may have
 * been read anywhere in the wait, so the half-way guess can be off by half of it.
 */
export const CLOCK_SAMPLE_MAX_MS = 5_000

/**
 * The offset to judge codes by after an answer: the answer's own, unless it was slow (a stalled
 * 2G request, the phone asleep in the middle) and a better one is already known.
 */
export function nextClockOffset(
  known: number | null,
  serverNow: string,
  sentAt: number,
  receivedAt: number,
): number {
  if (known !== null && receivedAt - sentAt > CLOCK_SAMPLE_MAX_MS) return known
  return clockOffset(serverNow, sentAt, receivedAt)
}

/**
 * When the next request goes: at the renewal if that is sooner than the usual wait, and never in
 * a tight loop (a failed renewal is tried again after the usual wait).
 */
export function nextRequestIn(renewAt: number, serverNow: number, lastRenewalFailed: boolean) {
  if (lastRenewalFailed) return WATCH_MS
  return Math.max(0, Math.min(WATCH_MS, renewAt - serverNow))
}
