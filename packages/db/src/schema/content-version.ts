import { pgSequence } from 'drizzle-orm/pg-core'

/**
 * docs/product/back-office.md (Changes show at once): a number that grows with every back-office
 * change to what the shop shows visitors (products, prices, stock, branches). Caches of rendered
 * pages and API answers remember the number they were made under and are dropped when it moves.
 */
export const contentVersion = pgSequence('content_version', { startWith: 1 })
