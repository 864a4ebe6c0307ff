import { localClock } from '../dates.ts'
import { MARKET } from '../markets.ts'

// docs/product/limits.md: live chat 9:30AM-6:30PM daily; docs/product/branches-and-contact.md:
// told in Malaysia's time, where the support team sits.
export const LIVE_CHAT_TIME_ZONE = MARKET.MY.timeZone
export const LIVE_CHAT_OPENS_MINUTES = 9 * 60 + 30
export const LIVE_CHAT_CLOSES_MINUTES = 18 * 60 + 30

export function isLiveChatOpen(now: Date): boolean {
  const { minutes } = localClock(now, LIVE_CHAT_TIME_ZONE)
  return minutes >= LIVE_CHAT_OPENS_MINUTES && minutes < LIVE_CHAT_CLOSES_MINUTES
}
