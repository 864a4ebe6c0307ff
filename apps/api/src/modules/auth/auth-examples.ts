import type { z } from 'zod'
import type { UserSchema } from '@padi/domain/auth/user-schema'
import type { LoginSchema, OtpVerifySchema, SignupSchema } from '@padi/domain/auth/schemas'
import { operationExamples } from '../../openapi-document.ts'

// Worked examples of signing up and logging in, for the API document (ADR 076). Tokens are
// shortened: real ones are longer, and the access token is a JWT.

const ACCESS = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwicm9sZSI6ImN1c3RvbWVyIn0.c2ln'
const REFRESH = 'Nxq5k9oRwahhjOg2zF72XZvtEcmr8oD2qcwQrKqwZyY'

/** The sign-up example's body (the contract test sends it for real). */
export const SIGN_UP_BODY = {
  mobile: '+60123987001',
  password: 'padi2026',
  full_name: 'Rosli bin Hamid',
  email: null,
  postcode: '06000',
  area: 'Kampung Padang',
  district: 'Kubang Pasu',
  preferred_branch: 2,
} satisfies z.input<typeof SignupSchema>

/** The farmer as a login answers: a Kedah customer with an approved credit line and a PIN. */
const ahmad = {
  id: 1,
  mobile: '+60120000001',
  email: 'ahmad@example.my',
  full_name: 'Ahmad bin Ismail',
  is_active: true,
  status: 'active',
  role: 'customer',
  market: 'MY',
  is_pin_set: true,
  biometric_enabled: false,
  kyc_status: 'APPROVED',
  last_login_at: '2026-11-28T01:12:40.000Z',
  preferred_branches: [2],
  can_resubmit_at: null,
  staff_branch_id: null,
  locale: 'bm',
  sms_reminders: true,
  profile: {
    full_name: 'Ahmad bin Ismail',
    mobile_number: '+60120000001',
    area: 'Kampung Tanjung Pauh',
    district: 'Kubang Pasu',
    state: 'MY-02',
    state_name: { en: 'Kedah', bm: 'Kedah', th: 'เกอดะฮ์' },
    postal_code: '06000',
    preferred_branch: { id: 2, name: { en: 'Jitra', bm: 'Jitra', th: 'จิตรา' } },
    joined_at: '2026-03-02T02:30:00.000Z',
    last_login_at: '2026-11-28T01:12:40.000Z',
    account_status: 'active',
  },
} satisfies z.output<typeof UserSchema>

export const SIGN_UP_EXAMPLES = operationExamples({
  request: { farmer: { summary: 'A farmer in Kedah signs up', value: SIGN_UP_BODY } },
  answers: {
    201: {
      created: {
        summary: 'Pending until the SMS code is entered',
        value: {
          statusCode: 201,
          message: 'Account created. Enter the code sent by SMS.',
          preAuthSessionId: 'URsFCj1mH1K9tjwEDFzQYfqwdIhP8we6',
          deviceId: 'pcjNCOnSgpRyYTNizqkzbQs51wSdzS0h',
          access_token: ACCESS,
          data: { id: 7, mobile: SIGN_UP_BODY.mobile, status: 'pending' },
        },
      },
    },
    409: {
      taken: {
        summary: 'The number already has an account',
        value: {
          statusCode: 409,
          code: 'USER_EXISTS',
          message: 'User already exists',
        },
      },
    },
  },
})

export const VERIFY_EXAMPLES = operationExamples({
  request: {
    code: {
      summary: 'The six digits from the SMS',
      value: {
        preAuthSessionId: 'URsFCj1mH1K9tjwEDFzQYfqwdIhP8we6',
        deviceId: 'pcjNCOnSgpRyYTNizqkzbQs51wSdzS0h',
        userInputCode: '482913',
      } satisfies z.input<typeof OtpVerifySchema>,
    },
  },
  answers: {
    200: {
      active: {
        summary: 'The account is active and logged in',
        value: {
          access_token: ACCESS,
          refresh_token: REFRESH,
          expires_in: 900,
          data: {
            ...ahmad,
            id: 7,
            mobile: SIGN_UP_BODY.mobile,
            email: null,
            full_name: SIGN_UP_BODY.full_name,
            is_pin_set: false,
            kyc_status: null,
            profile: {
              ...ahmad.profile,
              full_name: SIGN_UP_BODY.full_name,
              mobile_number: SIGN_UP_BODY.mobile,
              area: SIGN_UP_BODY.area,
            },
          },
          status: 'OK',
        },
      },
    },
    400: {
      wrong: {
        summary: 'A wrong code: how many tries are left before the code is void',
        value: {
          statusCode: 400,
          code: 'OTP_INVALID',
          message: 'The verification code is not valid',
          attemptsLeft: 4,
        },
      },
    },
  },
})

export const LOG_IN_EXAMPLES = operationExamples({
  request: {
    farmer: {
      summary: 'Mobile number and password',
      value: { mobile: '+60120000001', password: 'demo2026' } satisfies z.input<typeof LoginSchema>,
    },
  },
  answers: {
    200: {
      loggedIn: {
        summary: 'Tokens and the account',
        value: { access_token: ACCESS, refresh_token: REFRESH, expires_in: 900, data: ahmad },
      },
    },
    401: {
      wrong: {
        summary: 'Wrong number or password (never says which)',
        value: {
          statusCode: 401,
          code: 'INVALID_CREDENTIALS',
          message: 'The mobile number or password is incorrect',
        },
      },
    },
  },
})

export const REFRESH_EXAMPLES = operationExamples({
  answers: {
    200: {
      rotated: {
        summary: 'New tokens; the refresh token sent is spent',
        value: {
          access_token: ACCESS,
          refresh_token: 'Ai0VzE37AgOIWBk0iIzYRRFNw7tqliCvqDLHTB6ftvg',
          expires_in: 900,
        },
      },
    },
    401: {
      reused: {
        summary: 'A spent refresh token sent again, after the grace period: the session ends',
        value: {
          statusCode: 401,
          code: 'REFRESH_REUSED',
          message: 'Refresh token reuse detected; the session was ended',
        },
      },
    },
  },
})
