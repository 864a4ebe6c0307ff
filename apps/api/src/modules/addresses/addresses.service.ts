import type { Db } from '@padi/db/client'
import {
  ADDRESSES_MAX,
  type Address,
  type AddressInput,
} from '@padi/domain/addresses/address-schemas'
import { DomainError } from '@padi/domain/errors'
import { regionByCode, regionOfPostcode } from '@padi/domain/geo/regions'
import type { Market } from '@padi/domain/markets'
import { createAddressesRepository, type AddressRow } from './addresses.repository.ts'

function toAddress(row: AddressRow): Address {
  const region = regionByCode(row.state)
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    state_name: region?.name ?? { en: row.state, bm: row.state, th: row.state },
    postcode: row.postcode,
    country: row.country,
    is_default: row.isDefault,
  }
}

function fieldError(field: string, message: string) {
  return new DomainError('VALIDATION_FAILED', 'Validation failed', {
    extra: { errors: [{ field, message }] },
  })
}

/** The state must be of the customer's country and be the one the postcode belongs to. */
function checkRegion(market: Market, input: AddressInput) {
  const state = regionByCode(input.state)
  if (!state || state.market !== market) throw fieldError('state', 'validation.stateRequired')
  const ofPostcode = regionOfPostcode(market, input.postcode)
  if (ofPostcode && ofPostcode.code !== state.code)
    throw fieldError('postcode', 'validation.postcodeNotInState')
}

/**
 * docs/product/orders-and-payments.md: a customer's delivery addresses. The first is the default;
 * the default cannot be deleted; setting another default clears the old one in the same
 * transaction (and a partial unique index refuses two).
 */
export function createAddressesService(deps: { db: Db }) {
  const { db } = deps

  /** Locks the customer's row, so changes to one customer's addresses take turns. */
  async function owner(tx: Db, userId: number): Promise<Market> {
    const row = await createAddressesRepository(tx).lockOwner(userId)
    if (!row) throw new DomainError('NOT_FOUND', 'User not found')
    return row.market
  }

  async function mine(tx: Db, userId: number, id: number): Promise<AddressRow> {
    const row = await createAddressesRepository(tx).addressOf(userId, id)
    // Another customer's address answers as one that does not exist.
    if (!row) throw new DomainError('NOT_FOUND', 'Address not found')
    return row
  }

  return {
    async list(userId: number): Promise<Address[]> {
      const rows = await createAddressesRepository(db).addressesOf(userId)
      return rows.map(toAddress)
    },

    add(userId: number, input: AddressInput): Promise<Address> {
      return db.transaction(async (tx) => {
        const market = await owner(tx, userId)
        checkRegion(market, input)
        const repo = createAddressesRepository(tx)
        const n = await repo.countOf(userId)
        if (n >= ADDRESSES_MAX)
          throw new DomainError('ADDRESS_LIMIT', `At most ${ADDRESSES_MAX} addresses`)
        const row = await repo.insert(userId, { ...input, country: market, isDefault: n === 0 })
        return toAddress(row)
      })
    },

    update(userId: number, id: number, input: AddressInput): Promise<Address> {
      return db.transaction(async (tx) => {
        const market = await owner(tx, userId)
        await mine(tx, userId, id)
        checkRegion(market, input)
        const row = await createAddressesRepository(tx).update(userId, id, input)
        return toAddress(row)
      })
    },

    setDefault(userId: number, id: number): Promise<Address> {
      return db.transaction(async (tx) => {
        await owner(tx, userId)
        await mine(tx, userId, id)
        const repo = createAddressesRepository(tx)
        await repo.clearDefault(userId)
        const row = await repo.markDefault(id)
        return toAddress(row)
      })
    },

    remove(userId: number, id: number): Promise<void> {
      return db.transaction(async (tx) => {
        await owner(tx, userId)
        const row = await mine(tx, userId, id)
        if (row.isDefault)
          throw new DomainError('ADDRESS_IS_DEFAULT', 'Cannot delete the default address')
        await createAddressesRepository(tx).deleteUnlessDefault(userId, id)
      })
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
