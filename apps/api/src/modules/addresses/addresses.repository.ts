import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { addresses } from '@padi/db/schema/addresses'
import { users } from '@padi/db/schema/users'
import type { AddressInput } from '@padi/domain/addresses/address-schemas'
import type { Market } from '@padi/domain/markets'

export type AddressRow = typeof addresses.$inferSelect

/**
 * A customer's delivery addresses. Changes run in a transaction that first locks the customer's
 * row (`lockOwner`), from `createAddressesRepository(tx)`.
 */
export function createAddressesRepository(db: Db) {
  return {
    /** The customer's market, their row locked until the transaction ends. */
    async lockOwner(userId: number): Promise<{ market: Market } | null> {
      const [row] = await db
        .select({ market: users.market })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      return row ? { market: row.market as Market } : null
    },

    /** Only the customer's own: another customer's address is not found. */
    async addressOf(userId: number, id: number): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      return row ?? null
    },

    /** The default first. */
    addressesOf(userId: number): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), asc(addresses.id))
    },

    async countOf(userId: number): Promise<number> {
      const [existing] = await db
        .select({ n: count() })
        .from(addresses)
        .where(eq(addresses.userId, userId))
      return existing?.n ?? 0
    },

    async insert(
      userId: number,
      input: AddressInput & { country: Market; isDefault: boolean },
    ): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ userId, ...input })
        .returning()
      return row!
    },

    async update(userId: number, id: number, input: AddressInput): Promise<AddressRow> {
      const [row] = await db
        .update(addresses)
        .set({ ...input })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning()
      return row!
    },

    async clearDefault(userId: number) {
      await db
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    },

    async markDefault(id: number): Promise<AddressRow> {
      const [row] = await db
        .update(addresses)
        .set({ isDefault: true })
        .where(eq(addresses.id, id))
        .returning()
      return row!
    },

    async deleteUnlessDefault(userId: number, id: number) {
      await db
        .delete(addresses)
        .where(
          and(eq(addresses.id, id), eq(addresses.userId, userId), sql`not ${addresses.isDefault}`),
        )
    },
  }
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>
