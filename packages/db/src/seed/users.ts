import type { KycStatus, Role } from '@padi/domain/auth/roles'

/**
 * docs/product/demo-mode.md demo data, all with the password demo2026. The hash is argon2id of 'demo2026' made
 * once (the API verifies it like any other); no plain password is stored.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$qle0HHsEH/HVSWpxMV52ZQ$5FwBhTKW/7WmccVuYLpHNyrCkgmfUxUs1867ZHf8exI'

type UserSeed = {
  mobile: string
  fullName: string
  email: string | null
  postcode: string
  area: string
  district: string
  state: string
  market: 'MY' | 'TH'
  role: Role
  kycStatus: KycStatus | null
  branchCode: string
  staffAtBranch?: boolean
  /** docs/product/accounts.md guard 2 needs a customer with a PIN: the demo PIN, DEMO_PIN. */
  isPinSet?: boolean
  /** docs/product/demo-mode.md demo data: an active credit line of this many whole ringgit or baht. */
  creditLineMajor?: number
}

/** docs/product/demo-mode.md demo data: the customers' payment PIN, and its argon2id hash made once. */
export const DEMO_PIN = '390571'
export const DEMO_PIN_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$0J0cMKm6Jy/MDeoRSFp0EA$YS+uK1L3KyNVW/O+LtVO5UPMGyu/VpN+Q0a+NQJgPx0'

export const DEMO_USERS: UserSeed[] = [
  {
    mobile: '+60120000001',
    fullName: 'Ahmad bin Ismail',
    email: 'ahmad@example.my',
    postcode: '06000',
    area: 'Kampung Tanjung Pauh',
    district: 'Kubang Pasu',
    state: 'Kedah',
    market: 'MY',
    role: 'customer',
    kycStatus: 'APPROVED',
    branchCode: 'MY-JTR',
    isPinSet: true,
    creditLineMajor: 5_000,
  },
  {
    mobile: '+60120000002',
    fullName: 'Siti Aminah binti Yusof',
    email: null,
    postcode: '45400',
    area: 'Sekinchan',
    district: 'Sabak Bernam',
    state: 'Selangor',
    market: 'MY',
    role: 'customer',
    kycStatus: null,
    branchCode: 'MY-SKC',
  },
  {
    mobile: '+60120000003',
    fullName: 'Lim Wei Keat',
    email: 'staff.alorsetar@example.my',
    postcode: '05000',
    area: 'Alor Setar',
    district: 'Kota Setar',
    state: 'Kedah',
    market: 'MY',
    role: 'staff',
    kycStatus: null,
    branchCode: 'MY-AST',
    staffAtBranch: true,
  },
  {
    mobile: '+60120000004',
    fullName: 'Nurul Huda binti Razak',
    email: 'finance@example.my',
    postcode: '05000',
    area: 'Alor Setar',
    district: 'Kota Setar',
    state: 'Kedah',
    market: 'MY',
    role: 'finance',
    kycStatus: null,
    branchCode: 'MY-AST',
  },
  {
    mobile: '+60120000005',
    fullName: 'Rajesh a/l Kumar',
    email: 'admin@example.my',
    postcode: '05000',
    area: 'Alor Setar',
    district: 'Kota Setar',
    state: 'Kedah',
    market: 'MY',
    role: 'admin',
    kycStatus: null,
    branchCode: 'MY-AST',
  },
  {
    mobile: '+66800000001',
    fullName: 'Somchai Saelee',
    email: null,
    postcode: '72000',
    area: 'Tha Phi Liang',
    district: 'Mueang Suphan Buri',
    state: 'Suphan Buri',
    market: 'TH',
    role: 'customer',
    kycStatus: 'APPROVED',
    branchCode: 'TH-SPB',
    isPinSet: true,
    creditLineMajor: 35_000,
  },
]
