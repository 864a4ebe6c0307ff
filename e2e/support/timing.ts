import type { Page } from '@playwright/test'

// The browser tests' servers run with short time settings (e2e/support/serve.ts); these waits are
// those settings and nothing more, so no test sleeps longer than the behaviour it checks needs.

/** Access tokens live 602 s in the tests: 2 s after login they are inside the refresh window. */
export const TOKEN_DUE_MS = 2_100
/** The resend cool-down per number is 1 s in the tests. */
export const RESEND_COOLDOWN_MS = 1_100

/** Waits until a token made now is due for refresh (a time-based rule: nothing to poll). */
export async function untilTokenDue(page: Page): Promise<void> {
  await page.waitForTimeout(TOKEN_DUE_MS)
}

/** Waits out the resend cool-down of a number that was just sent a code. */
export async function untilResendAllowed(page: Page): Promise<void> {
  await page.waitForTimeout(RESEND_COOLDOWN_MS)
}
