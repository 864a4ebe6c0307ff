// docs/product/script-policy.md: every page either works whole without its scripts (they start at
// the farmer's first interaction, ADR 031) or needs them at once (they start right after the first
// paint). This is the second list, by route id; the test next to it keeps it equal to the docs.

/** The pages that need their scripts at once, by React Router route id. */
export const SCRIPTS_AT_ONCE: ReadonlySet<string> = new Set([
  // The camera scanner is the counter's first control. Its button is drawn before the scripts
  // run and a tap on it is kept; starting them only at that tap was measured and made the camera
  // seconds slower (docs/performance.md, the counter).
  'routes/staff/counter',
  // The signature is drawn with a finger; only the scripts draw it.
  'routes/renewal/renew-contract',
])

/**
 * The pages that exist to be used: their scripts are downloaded once the page has loaded (not run
 * before the first interaction), so the farmer's first tap waits for their evaluation, not for
 * 110-130 KB on a slow line (ADR 066).
 */
export const SCRIPTS_FETCHED_EARLY: ReadonlySet<string> = new Set([
  // Every entry changes the answer shown; the drone's tank and water follow the sprayer.
  'routes/calculator/input-calculation',
  // Units and the area typed change the answer.
  'routes/calculator/area-converter',
  // The ticks and counts change the totals.
  'routes/cart/cart',
])
