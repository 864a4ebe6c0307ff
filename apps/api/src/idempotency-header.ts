import { z } from 'zod'

/**
 * The Idempotency-Key header of a request that moves money or goods (an order, a counter
 * purchase): a retry with the same key answers the first try's answer, once.
 */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid'),
})
