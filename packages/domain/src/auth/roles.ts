/** docs/product/accounts.md: the roles the API authorises by. Staff belong to a branch. */
export const ROLES = ['customer', 'staff', 'finance', 'admin'] as const
export type Role = (typeof ROLES)[number]
/** The roles of the shop's own people; a customer is never made one in the back office. */
export const STAFF_ROLES = ['staff', 'finance', 'admin'] as const

export const USER_STATUSES = ['pending', 'active', 'suspended'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** docs/product/accounts.md: KYC status values (null until the farmer applies). */
export const KYC_STATUSES = ['APPROVED', 'REJECTED', 'INCOMPLETE'] as const
export type KycStatus = (typeof KYC_STATUSES)[number]
