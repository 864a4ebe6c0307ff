import { SCRIPTS_EARLY_ATTRIBUTE, SCRIPTS_NOW_ATTRIBUTE } from '~/utils/scripts-after-paint.ts'

/**
 * Put on a page whose use needs its scripts from the start (a toast to show, a button that only
 * works with them): the scripts then start right after the first paint, not at the farmer's first
 * interaction (ADR 031).
 */
export function ScriptsNow() {
  return <span hidden {...{ [SCRIPTS_NOW_ATTRIBUTE]: '' }} />
}

/**
 * Put on a page that exists to be used (docs/product/script-policy.md, "on first use, fetched
 * early"): its scripts are downloaded once it has loaded and run at the first interaction.
 */
export function ScriptsEarly() {
  return <span hidden {...{ [SCRIPTS_EARLY_ATTRIBUTE]: '' }} />
}
