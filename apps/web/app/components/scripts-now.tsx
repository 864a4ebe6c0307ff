import { SCRIPTS_NOW_ATTRIBUTE } from '~/utils/scripts-after-paint.ts'

/**
 * Put on a page whose use needs its scripts from the start (a toast to show, a button that only
 * works with them): the scripts then start right after the first paint, not at the farmer's first
 * interaction (ADR 031).
 */
export function ScriptsNow() {
  return <span hidden {...{ [SCRIPTS_NOW_ATTRIBUTE]: '' }} />
}
