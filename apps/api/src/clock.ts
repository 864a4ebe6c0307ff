/** The API's clock; tests replace it to move time (code expiry, lockouts, token lifetimes). */
export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }
