import createClient from 'openapi-fetch'
import type { BranchEdit } from '@padi/domain/branches/schemas'
import type {
  PackCreate,
  ProductCreate,
  PackPrices,
  ProductEdit,
  StockCount,
} from '@padi/domain/catalogue/product-desk-schemas'
import type { Interest } from '@padi/domain/interest/schemas'
import type { Feedback } from '@padi/domain/feedback/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/markets'
import type { ErrorCode } from '@padi/domain/errors'
import type { User } from '@padi/domain/auth/user-schema'
import type { AddressInput } from '@padi/domain/addresses/address-schemas'
import type { PlaceOrder } from '@padi/domain/orders/order-schemas'
import type { RegistrationOptionsRequest } from '@padi/domain/payment/biometric-schemas'
import type { Fulfilment, OrderStatus } from '@padi/domain/orders/order-rules'
import type { StaffAssignment } from '@padi/domain/auth/user-desk-schemas'
import type { Shipment } from '@padi/domain/orders/order-desk-schemas'
import type {
  ApproveKyc,
  KycDocumentReviewInput,
  KycDraft,
  RejectKyc,
  RequestDocuments,
} from '@padi/domain/kyc/kyc-schemas'
import type { KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import type { ReceiptState } from '@padi/domain/repayments/receipt-rules'
import type { ExtensionSubmit, RejectExtension } from '@padi/domain/credit/late-repayment-schemas'
import type {
  CounterCodeInput,
  CounterPurchase,
  CounterSmsCodeRequest,
} from '@padi/domain/vouchers/voucher-schemas'
import type { RejectRenewal, RenewalSubmit } from '@padi/domain/credit/renewal-schemas'
import type { RejectReceipt } from '@padi/domain/repayments/receipt-schemas'

import type { components, paths } from './api-types.generated.ts'

export type FieldError = { field: string; message: string }
/** A refusal's body as the API document declares it: the code, and the members some codes add. */
export type ErrorBody = Partial<components['schemas']['Error']>

/** docs/product/errors.md: any failed response becomes an error with status, message and the response data. */
export class ApiError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode | 'NETWORK'
  readonly errors: FieldError[]
  readonly data: unknown
  /** The answer's members, typed by the document (empty when the answer was not JSON). */
  readonly body: ErrorBody
  readonly retryAfter: string | null
  constructor(init: {
    statusCode: number
    code: ErrorCode | 'NETWORK'
    message: string
    errors?: FieldError[]
    data?: unknown
    retryAfter?: string | null
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.statusCode = init.statusCode
    this.code = init.code
    this.errors = init.errors ?? []
    this.data = init.data
    // The API's JSON refusal, whose shape its document declares (the Error schema).
    this.body =
      typeof init.data === 'object' && init.data !== null && !Array.isArray(init.data)
        ? (init.data as ErrorBody)
        : {}
    this.retryAfter = init.retryAfter ?? null
  }
}

/** The query of a GET operation, as the document types it. */
type QueryOf<P extends keyof paths> = paths[P] extends {
  get: { parameters: { query?: infer Q } }
}
  ? NonNullable<Q>
  : never
/** The JSON body of an operation, as the document types it. */
type JsonBodyOf<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer B } }
}
  ? B
  : never
export type ProductListApiQuery = QueryOf<'/products'>
export type AuditLogApiQuery = QueryOf<'/admin/audit'>
export type DeskOrdersApiQuery = QueryOf<'/admin/orders'>
export type ProfileUpdate = JsonBodyOf<'/me/profile', 'put'>
export type BiometricRegistration = JsonBodyOf<'/me/biometrics', 'post'>

export type Tokens = { access_token: string; refresh_token: string; expires_in: number }
export type LoggedIn = Tokens & { data: User }
export type Challenge = { preAuthSessionId: string; deviceId: string }
export type SignupPayload = {
  mobile: string
  password: string
  full_name: string
  email: string | null
  postcode: string
  area: string
  district: string
  preferred_branch: number
}

/**
 * The one client the web server uses to reach the API (ADR 007). The browser never calls the API
 * itself; later issues add the user's tokens here from the server-side session.
 */
export function createApiClient(
  baseUrl: string,
  options: {
    clientIp?: string | null
    proxySecret?: string | undefined
    fetchImpl?: typeof fetch
  } = {},
) {
  const fetchImpl = options.fetchImpl ?? fetch
  const clientIp = options.clientIp ?? null
  const proxySecret = options.proxySecret
  // The API limits per client; it believes this header only with the secret (ADR 018).
  const forwarded: Record<string, string> = {
    ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
    ...(clientIp && proxySecret ? { 'x-proxy-secret': proxySecret } : {}),
  }
  /**
   * ADR 075: the client generated from the API document. Its calls are typed by the document
   * itself (paths, parameters, bodies and answers), so a route that changes its contract fails
   * the web's build here, not a farmer's page.
   */
  const typed = typedClient((request) =>
    fetchImpl(request, { signal: AbortSignal.timeout(10_000) }),
  )
  // A file of 8 MB crosses the server's own network; 30 s leaves room for a busy disk.
  const uploads = typedClient((request) =>
    fetchImpl(request, { signal: AbortSignal.timeout(30_000) }),
  )
  // A file streamed on to a farmer on 2G takes minutes, read at the farmer's pace: the limit is on
  // the API's answer arriving, never on the body, or the download would be cut off mid-file.
  const downloads = typedClient(async (request) => {
    const controller = new AbortController()
    const timer = setTimeout(
      () => controller.abort(new DOMException('The API did not answer', 'TimeoutError')),
      10_000,
    )
    try {
      return await fetchImpl(request, { signal: controller.signal })
    } finally {
      clearTimeout(timer)
    }
  })
  function typedClient(fetchWithLimit: (request: Request) => Promise<Response>) {
    const client = createClient<paths>({
      // The document's paths are under its server, the API base (ADR 078).
      baseUrl: new URL('/api/v1', baseUrl).href,
      fetch: fetchWithLimit,
    })
    client.use({
      onRequest({ request }) {
        for (const [name, value] of Object.entries(forwarded)) request.headers.set(name, value)
        return request
      },
    })
    return client
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  /** A typed call's answer; a refusal becomes an ApiError with the API's code. */
  async function answer<D>(
    pending: Promise<{ data?: D; error?: unknown; response: Response }>,
  ): Promise<D> {
    let result: { data?: D; error?: unknown; response: Response }
    try {
      result = await pending
    } catch (cause) {
      throw unreachable(cause)
    }
    if (!result.response.ok) throw refusal(result.response, result.error ?? null)
    return result.data as D
  }

  /** A file the API answers, as its Response, its body unread (streamed on to the browser). */
  async function file(
    pending: Promise<{ error?: unknown; response: Response }>,
  ): Promise<Response> {
    let result: { error?: unknown; response: Response }
    try {
      result = await pending
    } catch (cause) {
      throw unreachable(cause)
    }
    if (!result.response.ok) throw refusal(result.response, result.error ?? null)
    return result.response
  }
  /** A file as the body itself, with its media type (ADR 075 uploads). */
  const asFile = (
    bytes: Uint8Array<ArrayBuffer>,
    type: string,
    headers: Record<string, string>,
  ) => ({
    headers: { ...headers, 'content-type': type },
    body: new Blob([bytes], { type }),
    bodySerializer: (body: Blob) => body,
  })

  return {
    health: () => answer(typed.GET('/healthz')),
    listBranches: (market?: Market) =>
      answer(typed.GET('/branches', { params: { query: { market } } })).then((r) => r.data),
    registerInterest: (payload: Interest, locale: Locale) =>
      answer(typed.POST('/interest', { params: { query: { locale } }, body: payload })),
    // docs/product/error-reporting.md (Report a Bug): with the user's token when logged in.
    sendFeedback: (payload: Feedback, locale: Locale, token?: string) =>
      answer(
        typed.POST('/feedback', {
          headers: token ? auth(token) : {},
          params: { query: { locale } },
          body: payload,
        }),
      ),
    // docs/reliability.md (Scheduled jobs)
    listJobs: (token: string) => answer(typed.GET('/admin/jobs', { headers: auth(token) })),
    retryFailedJob: (token: string, id: string) =>
      answer(
        typed.POST('/admin/jobs/failed/{id}/retry', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    listFeedback: (token: string, before?: number) =>
      answer(
        typed.GET('/admin/feedback', {
          headers: auth(token),
          params: { query: { before: before || undefined } },
        }),
      ),

    // Accounts and sessions (docs/product/shell.md)
    signup: (payload: SignupPayload, locale: Locale) =>
      answer(typed.POST('/auth/signup', { params: { query: { locale } }, body: payload })),
    verifyOtp: (payload: Challenge & { userInputCode: string }) =>
      answer(typed.POST('/auth/otp/verify', { body: payload })),
    resendOtp: (payload: Challenge, locale: Locale) =>
      answer(typed.POST('/auth/otp/resend', { params: { query: { locale } }, body: payload })),
    setReminders: (token: string, on: boolean) =>
      answer(typed.PUT('/me/notices', { headers: auth(token), body: { sms_reminders: on } })),
    login: (payload: { mobile: string; password: string }, locale?: Locale) =>
      answer(typed.POST('/auth/login', { params: { query: { locale } }, body: payload })),
    refresh: (refreshToken: string) =>
      answer(typed.POST('/auth/refresh', { headers: auth(refreshToken) })),
    logout: (accessToken: string) =>
      answer(typed.POST('/auth/logout', { headers: auth(accessToken) })),
    forgotPassword: (mobile: string, locale: Locale) =>
      answer(
        typed.POST('/auth/password/forgot', {
          params: { query: { locale } },
          body: { mobile },
        }),
      ),
    resetPassword: (payload: Challenge & { userInputCode: string; password: string }) =>
      answer(typed.POST('/auth/password/reset', { body: payload })),
    me: (accessToken: string) => answer(typed.GET('/me', { headers: auth(accessToken) })),
    // Settings (docs/product/accounts.md): the profile and a new mobile number.
    updateProfile: (token: string, body: ProfileUpdate) =>
      answer(typed.PUT('/me/profile', { headers: auth(token), body })),
    mobileChangeCode: (token: string, mobile: string, locale: Locale) =>
      answer(
        typed.POST('/me/mobile/code', {
          headers: auth(token),
          params: { query: { locale } },
          body: { mobile },
        }),
      ),
    verifyMobileChange: (token: string, body: Challenge & { userInputCode: string }) =>
      answer(typed.POST('/me/mobile/verify', { headers: auth(token), body })),

    // Catalogue (docs/product/shell.md). Query values are passed through as strings; the API validates them.
    // Still the hand-typed call: the list passes the page's query on as the farmer's address bar
    // has it, and the API judges it (the document types each value; ADR 075).
    listProducts: (query: ProductListApiQuery) =>
      answer(typed.GET('/products', { params: { query } })),
    listBrands: (query: { group?: 'agrochems' | 'drones'; market: Market }) =>
      answer(typed.GET('/products/brands', { params: { query } })),
    suggestSearches: (query: { q: string; locale: Locale; market: Market }) =>
      answer(typed.GET('/products/suggestions', { params: { query } })),
    getProduct: (id: number, market: Market) =>
      answer(typed.GET('/products/{id}', { params: { path: { id }, query: { market } } })),

    // Cart, credit and PIN (docs/product/orders-and-payments.md), with the customer's token.
    getCart: (token: string) => answer(typed.GET('/me/cart', { headers: auth(token) })),
    addToCart: (token: string, line: { variation_id: number; count: number }) =>
      answer(typed.POST('/me/cart/lines', { headers: auth(token), body: line })),
    setCartLine: (
      token: string,
      variationId: number,
      line: { count: number; selected?: boolean },
    ) =>
      answer(
        typed.PUT('/me/cart/lines/{variation_id}', {
          headers: auth(token),
          params: { path: { variation_id: variationId } },
          body: line,
        }),
      ),
    removeCartLine: (token: string, variationId: number) =>
      answer(
        typed.DELETE('/me/cart/lines/{variation_id}', {
          headers: auth(token),
          params: { path: { variation_id: variationId } },
        }),
      ),
    mergeCart: (
      token: string,
      lines: { variation_id: number; count: number; selected: boolean }[],
    ) => answer(typed.POST('/me/cart/merge', { headers: auth(token), body: { lines } })),
    addresses: (token: string) =>
      answer(typed.GET('/me/addresses', { headers: auth(token) })).then((r) => r.data),
    addAddress: (token: string, body: AddressInput) =>
      answer(typed.POST('/me/addresses', { headers: auth(token), body })),
    updateAddress: (token: string, id: number, body: AddressInput) =>
      answer(
        typed.PUT('/me/addresses/{id}', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    setDefaultAddress: (token: string, id: number) =>
      answer(
        typed.POST('/me/addresses/{id}/default', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    deleteAddress: (token: string, id: number) =>
      answer(
        typed.DELETE('/me/addresses/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    credits: (token: string) =>
      answer(typed.GET('/me/credits', { headers: auth(token) })).then((r) => r.data),
    setPin: (token: string, body: { pin: string; confirm_pin: string; current_pin?: string }) =>
      answer(typed.PUT('/me/pin', { headers: auth(token), body })),
    forgotPin: (token: string, locale: Locale) =>
      answer(
        typed.POST('/me/pin/forgot', {
          headers: auth(token),
          params: { query: { locale } },
        }),
      ),
    resetPin: (
      token: string,
      body: Challenge & { userInputCode: string; pin: string; confirm_pin: string },
    ) => answer(typed.POST('/me/pin/reset', { headers: auth(token), body })),

    // Checkout and orders (docs/product/orders-and-payments.md)
    quoteCheckout: (token: string, fulfilment: Fulfilment) =>
      answer(
        typed.GET('/me/checkout', {
          headers: auth(token),
          params: { query: { fulfilment } },
        }),
      ),
    /** The key makes a retry after a lost answer safe: the API answers the first order again. */
    placeOrder: (token: string, idempotencyKey: string, body: PlaceOrder) =>
      answer(
        typed.POST('/orders', {
          headers: auth(token),
          params: { header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    orders: (token: string, status?: OrderStatus) =>
      answer(typed.GET('/me/orders', { headers: auth(token), params: { query: { status } } })).then(
        (r) => r.data,
      ),
    order: (token: string, id: number) =>
      answer(typed.GET('/me/orders/{id}', { headers: auth(token), params: { path: { id } } })),

    // Biometrics (docs/product/orders-and-payments.md): options pass through to the browser as JSON.
    /** The devices with what adding one needs (the PIN, or a code by SMS) and the PIN's lock. */
    biometricDevices: (token: string) =>
      answer(typed.GET('/me/biometrics', { headers: auth(token) })),
    /** ADR 060: where no PIN is set, a code by SMS is the proof for adding a device. */
    sendBiometricCode: (token: string, locale: Locale) =>
      answer(
        typed.POST('/me/biometrics/code', {
          headers: auth(token),
          params: { query: { locale } },
        }),
      ),
    /** The options come only with the proof: the PIN, or the code with its ids (ADR 060). */
    biometricRegistrationOptions: (token: string, proof: RegistrationOptionsRequest) =>
      answer(typed.POST('/me/biometrics/options', { headers: auth(token), body: proof })),
    registerBiometric: (token: string, body: BiometricRegistration) =>
      answer(typed.POST('/me/biometrics', { headers: auth(token), body })),
    removeBiometric: (token: string, id: string) =>
      answer(
        typed.DELETE('/me/biometrics/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    biometricPaymentOptions: (token: string, idempotencyKey: string, body: PlaceOrder) =>
      answer(
        typed.POST('/orders/biometric-options', {
          headers: auth(token),
          params: { header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),

    // Credit application (docs/product/credit.md, KYC): the farmer's side.
    kyc: (token: string) => answer(typed.GET('/me/kyc', { headers: auth(token) })),
    saveKycDraft: (token: string, body: KycDraft) =>
      answer(typed.PUT('/me/kyc', { headers: auth(token), body })),
    uploadKycDocument: (
      token: string,
      input: { kind: KycDocumentKind; name: string; bytes: Uint8Array<ArrayBuffer>; type: string },
      idempotencyKey?: string,
    ) =>
      answer(
        uploads.POST('/me/kyc/documents', {
          ...asFile(input.bytes, input.type, {
            ...auth(token),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          }),
          params: { query: { kind: input.kind, name: input.name } },
        }),
      ),
    deleteKycDocument: (token: string, id: number) =>
      answer(
        typed.DELETE('/me/kyc/documents/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    /** The file itself, as the API answers it (streamed on to the browser). */
    kycDocumentFile: (token: string, id: number) =>
      file(
        downloads.GET('/me/kyc/documents/{id}', {
          headers: auth(token),
          params: { path: { id } },
          parseAs: 'stream',
        }),
      ),
    submitKyc: (token: string, locale: Locale) =>
      answer(
        typed.POST('/me/kyc/submit', {
          headers: auth(token),
          params: { query: { locale } },
        }),
      ),

    // Repaying by QR (docs/product/repayments.md, Paying by QR).
    createQrRepayment: (
      token: string,
      idempotencyKey: string,
      body: paths['/me/qr-repayments']['post']['requestBody']['content']['application/json'],
    ) =>
      answer(
        typed.POST('/me/qr-repayments', {
          headers: auth(token),
          params: { header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    qrRepayment: (token: string, id: number) =>
      answer(
        typed.GET('/me/qr-repayments/{id}', { headers: auth(token), params: { path: { id } } }),
      ),

    // Repayment receipts (docs/product/credit.md, Repayment receipts).
    uploadReceipt: (
      token: string,
      input: NonNullable<paths['/me/receipts']['post']['parameters']['query']>,
      bytes: Uint8Array<ArrayBuffer>,
      idempotencyKey: string,
    ) =>
      answer(
        uploads.POST('/me/receipts', {
          ...asFile(bytes, 'application/octet-stream', {
            ...auth(token),
            'idempotency-key': idempotencyKey,
          }),
          params: { query: input },
        }),
      ),
    receipts: (token: string, status?: ReceiptState) =>
      answer(
        typed.GET('/me/receipts', { headers: auth(token), params: { query: { status } } }),
      ).then((r) => r.data),
    receiptFile: (token: string, id: number) =>
      file(
        downloads.GET('/me/receipts/{id}/file', {
          headers: auth(token),
          params: { path: { id } },
          parseAs: 'stream',
        }),
      ),
    receiptQueue: (token: string) => answer(typed.GET('/admin/receipts', { headers: auth(token) })),
    // docs/product/repayments.md (Matching the statement).
    importStatement: (token: string, bytes: Uint8Array<ArrayBuffer>, mapping?: string) =>
      answer(
        uploads.POST('/admin/statements', {
          ...asFile(bytes, mapping ? 'text/csv' : 'application/xml', auth(token)),
          params: { query: { mapping } },
        }),
      ),
    statementMappings: (token: string) =>
      answer(typed.GET('/admin/statement-mappings', { headers: auth(token) })).then((r) => r.data),
    saveStatementMapping: (
      token: string,
      name: string,
      body: paths['/admin/statement-mappings/{name}']['put']['requestBody']['content']['application/json'],
    ) =>
      answer(
        typed.PUT('/admin/statement-mappings/{name}', {
          headers: auth(token),
          params: { path: { name } },
          body,
        }),
      ),
    statementReview: (token: string) =>
      answer(typed.GET('/admin/statement-lines', { headers: auth(token) })).then((r) => r.data),
    assignStatementLine: (token: string, id: number) =>
      answer(
        typed.POST('/admin/statement-lines/{id}/assign', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    returnStatementLine: (token: string, id: number, body: { reason: string }) =>
      answer(
        typed.POST('/admin/statement-lines/{id}/return', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    receiptFileForFinance: (token: string, id: number) =>
      file(
        downloads.GET('/admin/receipts/{id}/file', {
          headers: auth(token),
          params: { path: { id } },
          parseAs: 'stream',
        }),
      ),
    approveReceipt: (token: string, id: number) =>
      answer(
        typed.POST('/admin/receipts/{id}/approve', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    rejectReceipt: (token: string, id: number, body: RejectReceipt) =>
      answer(
        typed.POST('/admin/receipts/{id}/reject', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),

    // Late repayment (docs/product/credit.md, Late repayment): no login; a code, then its token.
    lateRepaymentCode: (mobile: string, locale: Locale) =>
      answer(
        typed.POST('/late-repayment/code', {
          params: { query: { locale } },
          body: { mobile },
        }),
      ),
    verifyLateRepaymentCode: (payload: Challenge & { userInputCode: string }) =>
      answer(typed.POST('/late-repayment/verify', { body: payload })),
    lateRepayment: (token: string) =>
      answer(typed.GET('/late-repayment', { headers: auth(token) })),
    uploadLateRepaymentDocument: (
      token: string,
      input: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string },
    ) =>
      answer(
        uploads.POST('/late-repayment/documents', {
          ...asFile(input.bytes, input.type, auth(token)),
          params: { query: { name: input.name } },
        }),
      ),
    submitLateRepayment: (token: string, body: ExtensionSubmit, locale: Locale) =>
      answer(
        typed.POST('/late-repayment', {
          headers: auth(token),
          params: { query: { locale } },
          body,
        }),
      ),
    extensionQueue: (token: string) =>
      answer(typed.GET('/admin/late-repayments', { headers: auth(token) })),
    extensionDocument: (token: string, id: number, documentId: number) =>
      file(
        downloads.GET('/admin/late-repayments/{id}/documents/{documentId}', {
          headers: auth(token),
          params: { path: { id, documentId } },
          parseAs: 'stream',
        }),
      ),
    approveExtension: (token: string, id: number) =>
      answer(
        typed.POST('/admin/late-repayments/{id}/approve', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    rejectExtension: (token: string, id: number, body: RejectExtension) =>
      answer(
        typed.POST('/admin/late-repayments/{id}/reject', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),

    // Contract renewal (docs/product/credit.md, Renewal).
    creditRenewal: (token: string) =>
      answer(typed.GET('/me/credit-renewal', { headers: auth(token) })),
    submitRenewal: (token: string, body: RenewalSubmit, locale: Locale, userAgent: string) =>
      answer(
        typed.POST('/me/credit-renewal', {
          // The device that signed, recorded in the contract: the farmer's browser, not ours.
          headers: { ...auth(token), 'user-agent': userAgent },
          params: { query: { locale } },
          body,
        }),
      ),
    renewalContract: (token: string, id: number) =>
      file(
        downloads.GET('/me/credit-renewal/{id}/contract', {
          headers: auth(token),
          params: { path: { id } },
          parseAs: 'stream',
        }),
      ),
    renewalQueue: (token: string) => answer(typed.GET('/admin/renewals', { headers: auth(token) })),
    renewalContractForFinance: (token: string, id: number) =>
      file(
        downloads.GET('/admin/renewals/{id}/contract', {
          headers: auth(token),
          params: { path: { id } },
          parseAs: 'stream',
        }),
      ),
    approveRenewal: (token: string, id: number) =>
      answer(
        typed.POST('/admin/renewals/{id}/approve', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    rejectRenewal: (token: string, id: number, body: RejectRenewal) =>
      answer(
        typed.POST('/admin/renewals/{id}/reject', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),

    // Vouchers and the branch counter (docs/product/vouchers.md).
    counterCode: (token: string) => answer(typed.GET('/me/counter-code', { headers: auth(token) })),
    myVouchers: (token: string) =>
      answer(typed.GET('/me/vouchers', { headers: auth(token) })).then((r) => r.data),
    myTransactions: (token: string, since?: string) =>
      answer(
        typed.GET('/me/transactions', {
          headers: auth(token),
          params: { query: { since } },
        }),
      ).then((r) => r.data),
    counterLookup: (token: string, code: CounterCodeInput) =>
      answer(typed.POST('/staff/counter/lookup', { headers: auth(token), body: code })),
    counterStock: (token: string) =>
      answer(typed.GET('/staff/counter/stock', { headers: auth(token) })).then((r) => r.data),
    // A code by SMS for a customer without mobile data (ADR 063): the same answer for any number.
    counterSmsCode: (token: string, body: CounterSmsCodeRequest) =>
      answer(typed.POST('/staff/counter/sms-code', { headers: auth(token), body })),
    counterPurchase: (token: string, key: string, body: CounterPurchase) =>
      answer(
        typed.POST('/staff/counter/purchases', {
          headers: auth(token),
          params: { header: { 'idempotency-key': key } },
          body,
        }),
      ),
    // docs/product/vouchers.md (the customer's visit): the clerk is done with the customer.
    counterClose: (token: string, code: CounterCodeInput) =>
      answer(typed.POST('/staff/counter/close', { headers: auth(token), body: code })),
    counterHandOver: (token: string, orderId: number, code: CounterCodeInput) =>
      answer(
        typed.POST('/staff/counter/orders/{id}/hand-over', {
          headers: auth(token),
          params: { path: { id: orderId } },
          body: code,
        }),
      ),
    previewVouchers: (token: string, csv: string) =>
      answer(typed.POST('/admin/vouchers/preview', { headers: auth(token), body: { csv } })),
    issueVouchers: (token: string, key: string, csv: string) =>
      answer(
        typed.POST('/admin/vouchers', {
          headers: auth(token),
          params: { header: { 'idempotency-key': key } },
          body: { csv },
        }),
      ),
    counterDay: (token: string) =>
      answer(typed.GET('/staff/counter/transactions', { headers: auth(token) })),

    // Credit application review (docs/product/credit.md, KYC review): finance and admin.
    kycQueue: (token: string) => answer(typed.GET('/admin/kyc', { headers: auth(token) })),
    kycApplication: (token: string, id: number) =>
      answer(
        typed.GET('/admin/kyc/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    kycApplicationFile: (token: string, id: number, documentId: number) =>
      file(
        downloads.GET('/admin/kyc/{id}/documents/{documentId}', {
          headers: auth(token),
          params: { path: { id, documentId } },
          parseAs: 'stream',
        }),
      ),
    approveKyc: (token: string, id: number, body: ApproveKyc) =>
      answer(
        typed.POST('/admin/kyc/{id}/approve', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    rejectKyc: (token: string, id: number, body: RejectKyc) =>
      answer(
        typed.POST('/admin/kyc/{id}/reject', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    auditLog: (token: string, query: AuditLogApiQuery = {}) =>
      answer(typed.GET('/admin/audit', { headers: auth(token), params: { query } })),

    // The back office's orders (docs/product/back-office.md).
    deskOrders: (token: string, query: DeskOrdersApiQuery) =>
      answer(typed.GET('/admin/orders', { headers: auth(token), params: { query } })),
    deskOrder: (token: string, id: number) =>
      answer(
        typed.GET('/admin/orders/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    shipOrder: (token: string, id: number, body: Shipment) =>
      answer(
        typed.POST('/admin/orders/{id}/shipment', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    productPhoto: (name: string, photoFile: string) =>
      file(
        downloads.GET('/product-photos/{name}/{size}', {
          params: { path: { name, size: photoFile } },
          parseAs: 'stream',
        }),
      ),
    setProductPhoto: (token: string, id: number, bytes: Uint8Array<ArrayBuffer>, type: string) =>
      answer(
        uploads.PUT('/admin/products/{id}/photo', {
          ...asFile(bytes, type, auth(token)),
          params: { path: { id } },
        }),
      ),
    removeProductPhoto: (token: string, id: number) =>
      answer(
        typed.DELETE('/admin/products/{id}/photo', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    setProductHidden: (token: string, id: number, hidden: boolean) =>
      answer(
        typed.PUT('/admin/products/{id}/visibility', {
          headers: auth(token),
          params: { path: { id } },
          body: { hidden },
        }),
      ),
    addPack: (token: string, id: number, body: PackCreate) =>
      answer(
        typed.POST('/admin/products/{id}/packs', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    createProduct: (token: string, body: ProductCreate) =>
      answer(typed.POST('/admin/products', { headers: auth(token), body })),
    deskProducts: (token: string, query: { q?: string | undefined; after?: number | undefined }) =>
      answer(typed.GET('/admin/products', { headers: auth(token), params: { query } })),
    deskProduct: (token: string, id: number) =>
      answer(
        typed.GET('/admin/products/{id}', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    editProduct: (token: string, id: number, body: ProductEdit) =>
      answer(
        typed.PUT('/admin/products/{id}', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    setPackPrices: (token: string, id: number, packId: number, body: PackPrices) =>
      answer(
        typed.PUT('/admin/products/{id}/packs/{packId}/prices', {
          headers: auth(token),
          params: { path: { id, packId } },
          body,
        }),
      ),
    setPackStock: (token: string, id: number, packId: number, body: StockCount) =>
      answer(
        typed.PUT('/admin/products/{id}/packs/{packId}/stock', {
          headers: auth(token),
          params: { path: { id, packId } },
          body,
        }),
      ),
    editBranch: (token: string, id: number, body: BranchEdit) =>
      answer(
        typed.PUT('/admin/branches/{id}', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    searchUsers: (token: string, q: string) =>
      answer(typed.GET('/admin/users', { headers: auth(token), params: { query: { q } } })),
    userOverview: (token: string, id: number) =>
      answer(
        typed.GET('/admin/users/{id}/overview', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    setUserSuspended: (token: string, id: number, suspended: boolean) =>
      suspended
        ? answer(
            typed.POST('/admin/users/{id}/suspend', {
              headers: auth(token),
              params: { path: { id } },
            }),
          )
        : answer(
            typed.POST('/admin/users/{id}/reactivate', {
              headers: auth(token),
              params: { path: { id } },
            }),
          ),
    assignStaff: (token: string, id: number, body: StaffAssignment) =>
      answer(
        typed.PUT('/admin/users/{id}/staff', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    completeOrder: (token: string, id: number) =>
      answer(
        typed.POST('/admin/orders/{id}/complete', {
          headers: auth(token),
          params: { path: { id } },
        }),
      ),
    requestKycDocuments: (token: string, id: number, body: RequestDocuments) =>
      answer(
        typed.POST('/admin/kyc/{id}/request-documents', {
          headers: auth(token),
          params: { path: { id } },
          body,
        }),
      ),
    reviewKycDocument: (
      token: string,
      id: number,
      documentId: number,
      body: KycDocumentReviewInput,
    ) =>
      answer(
        typed.POST('/admin/kyc/{id}/documents/{documentId}/review', {
          headers: auth(token),
          params: { path: { id, documentId } },
          body,
        }),
      ),
  }
}
export type ApiClient = ReturnType<typeof createApiClient>

/** The API could not be reached (down, or no answer in time): a 503 the pages say as such. */
function unreachable(cause: unknown): ApiError {
  return new ApiError({
    statusCode: 503,
    code: 'NETWORK',
    message: 'API unreachable',
    data: String(cause),
  })
}

/** docs/product/errors.md: a refusal's status, code, message, field errors and Retry-After. */
function refusal(response: Response, data: unknown): ApiError {
  const body = (data ?? {}) as { code?: ErrorCode; message?: string; errors?: FieldError[] }
  return new ApiError({
    statusCode: response.status,
    code: body.code ?? 'INTERNAL',
    message: body.message || `HTTP ${response.status} Error`,
    errors: Array.isArray(body.errors) ? body.errors : [],
    data,
    retryAfter: response.headers.get('retry-after'),
  })
}
