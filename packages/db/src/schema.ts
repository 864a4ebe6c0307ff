// The full Drizzle schema, one file per feature; drizzle-kit reads this list.
export * from './schema/branches.ts'
export * from './schema/interest.ts'
export * from './schema/users.ts'
export * from './schema/auth.ts'
export * from './schema/catalogue.ts'
export * from './schema/credit.ts'
export * from './schema/cart.ts'
export * from './schema/addresses.ts'
