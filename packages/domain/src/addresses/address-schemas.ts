import { z } from 'zod'
import { textLine } from '../input-schemas.ts'
import { MarketSchema } from '../money-schemas.ts'
import { PostcodeSchema } from '../interest/schemas.ts'
import { LocalizedTextSchema } from '../i18n/locale-schemas.ts'

/** docs/product/orders-and-payments.md: a customer keeps at most this many delivery addresses. */
export const ADDRESSES_MAX = 10

// One line each, no control characters: the address is printed on a parcel label.
const required = (max: number, key: string) =>
  textLine({ error: key }).trim().min(1, key).max(max, 'validation.textTooLong')

/**
 * docs/product/orders-and-payments.md: an address (name, address, city, state, postcode, country),
 * every field required. The country is the customer's (deliveries stay in the country they buy
 * in); the state is an ISO 3166-2 code and must be the one the postcode belongs to.
 */
export const AddressInputSchema = z.object({
  name: required(60, 'validation.addressNameRequired'),
  address: required(200, 'validation.addressRequired'),
  city: required(80, 'validation.cityRequired'),
  state: textLine({ error: 'validation.stateRequired' })
    .trim()
    .regex(/^(MY|TH)-\d{2}$/, 'validation.stateRequired'),
  postcode: PostcodeSchema,
})
export type AddressInput = z.infer<typeof AddressInputSchema>

export const AddressSchema = AddressInputSchema.extend({
  id: z.number().int(),
  country: MarketSchema,
  state_name: LocalizedTextSchema,
  is_default: z.boolean(),
}).meta({ id: 'Address' })
export type Address = z.infer<typeof AddressSchema>
