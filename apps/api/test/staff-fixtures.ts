import { eq } from 'drizzle-orm'
import type { Db } from '@padi/db/client'
import { users } from '@padi/db/schema/users'
import { loginTokens } from './auth-helpers.ts'
import type { TestApp } from './test-app.ts'

/** A counter clerk made like the seeded one (password demo2026), at the given branch: its id. */
export async function addStaff(db: Db, mobile: string, branchId: number): Promise<number> {
  const [seeded] = await db.select().from(users).where(eq(users.mobile, '+60120000003'))
  const [row] = await db
    .insert(users)
    .values({
      ...seeded!,
      id: undefined,
      mobile,
      email: null,
      fullName: `Counter ${mobile.slice(-2)}`,
      staffBranchId: branchId,
      preferredBranchId: branchId,
    } as unknown as typeof users.$inferInsert)
    .returning({ id: users.id })
  return row!.id
}

/** A counter clerk at the given branch, logged in: their access token. */
export async function staffToken(t: TestApp, mobile: string, branchId: number) {
  await addStaff(t.db.db, mobile, branchId)
  return (await loginTokens(t.app, mobile)).access_token
}
