import { localClock } from '../dates.ts'

// docs/product/limits.md: live chat 9:30AM-6:30PM daily; docs/product/branches-and-contact.md: computed in Asia/Kuala_Lumpur.
export const LIVE_CHAT_TIME_ZONE = 'Asia/Kuala_Lumpur'
export const LIVE_CHAT_OPENS_MINUTES = 9 * 60 + 30
export const LIVE_CHAT_CLOSES_MINUTES = 18 * 60 + 30

export function isLiveChatOpen(now: Date): boolean {
  const { minutes } = localClock(now, LIVE_CHAT_TIME_ZONE)
  return minutes >= LIVE_CHAT_OPENS_MINUTES && minutes < LIVE_CHAT_CLOSES_MINUTES
}
