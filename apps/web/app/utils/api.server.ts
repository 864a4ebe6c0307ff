import type { Branch } from '@padi/domain/branches/schemas'
import type { Interest } from '@padi/domain/interest/schemas'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Market } from '@padi/domain/money'
import type { ErrorCode } from '@padi/domain/errors'

export type FieldError = { field: string; message: string }

/** Spec 8: any failed response becomes an error with status, message and the response data. */
export class ApiError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode | 'NETWORK'
  readonly errors: FieldError[]
  readonly data: unknown
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
    this.retryAfter = init.retryAfter ?? null
  }
}

type RequestOptions = {
  method?: string
  body?: unknown
  query?: Record<string, string | undefined>
}

/**
 * The one client the web server uses to reach the API (ADR 007). The browser never calls the API
 * itself; later issues add the user's tokens here from the server-side session.
 */
export function createApiClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path, baseUrl)
    for (const [k, v] of Object.entries(options.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, v)
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: options.method ?? 'GET',
        headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (cause) {
      throw new ApiError({
        statusCode: 503,
        code: 'NETWORK',
        message: 'API unreachable',
        data: String(cause),
      })
    }
    const text = await response.text()
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = text
    }
    if (!response.ok) {
      const body = (data ?? {}) as { code?: ErrorCode; message?: string; errors?: FieldError[] }
      throw new ApiError({
        statusCode: response.status,
        code: body.code ?? 'INTERNAL',
        message: body.message || `HTTP ${response.status} Error`,
        errors: Array.isArray(body.errors) ? body.errors : [],
        data,
        retryAfter: response.headers.get('retry-after'),
      })
    }
    return data as T
  }

  return {
    health: () => call<{ status: 'ok' | 'unavailable' }>('/api/v1/healthz'),
    listBranches: (market?: Market) =>
      call<{ data: Branch[] }>('/api/v1/branches', { query: { market } }).then((r) => r.data),
    registerInterest: (payload: Interest, locale: Locale) =>
      call<{ statusCode: 201; message: string }>('/api/v1/interest', {
        method: 'POST',
        body: payload,
        query: { locale },
      }),
  }
}
export type ApiClient = ReturnType<typeof createApiClient>
