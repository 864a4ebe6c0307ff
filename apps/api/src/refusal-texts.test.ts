import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES, apiMessageText, type MessageTree } from '@padi/domain/i18n/api-messages'
import { LOCALES } from '@padi/domain/i18n/locales'
import { createTestApp, type TestApp } from '../test/test-app.ts'

/**
 * The catalogue keys the API's and the domain's code name as refusals: field problems
 * (`validation.…`, `….errors.…`) and upload problems (`kyc.upload.…`). The calculators' own
 * problems (`calculator.errors.…`) are left out: they are pure domain code the web runs, with no
 * API route, and their texts stay in the web's catalogue.
 */
function keysNamedInCode(): string[] {
  const roots = ['.', '../../../packages/domain/src'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  )
  const refusal = /'((?:validation|kyc\.upload|[a-z]+(?:\.[a-z]+)*\.errors)\.[A-Za-z]+)'/g
  const found = new Set<string>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        for (const [, key] of readFileSync(path, 'utf8').matchAll(refusal))
          if (!key!.startsWith('calculator.')) found.add(key!)
    }
  }
  roots.forEach(walk)
  return [...found].sort()
}

const flatten = (tree: MessageTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  )

describe('the texts of refusals (docs/product/errors.md, How errors are shown)', () => {
  it('has, in en, bm and th, every key the API can send, with its figures filled in', () => {
    const named = keysNamedInCode()
    expect(named.length).toBeGreaterThan(60)
    for (const locale of LOCALES) {
      const own = new Set(flatten(API_MESSAGES[locale]))
      expect({ locale, missing: named.filter((k) => !own.has(k)) }).toEqual({ locale, missing: [] })
      const unfilled = named.filter((k) => /\{\{/.test(apiMessageText(locale, k) ?? ''))
      expect({ locale, unfilled }).toEqual({ locale, unfilled: [] })
    }
  })

  describe('through the API', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp()
    })
    afterAll(() => t.close())

    const badInterest = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: {
          email: 'not-an-address',
          full_name: 'Ali bin Abu',
          postcode: '06000',
          area: 'Kampung Tanjung',
          district: 'Kubang Pasu',
        },
      })

    it('says each field error in the language asked for, by parameter or by Accept-Language', async () => {
      const field = async (url: string, headers?: Record<string, string>) =>
        (await badInterest(url, headers)).json().errors[0]
      expect(await field('/api/v1/interest?locale=th')).toEqual({
        field: 'email',
        message: 'validation.emailInvalid',
        text: apiMessageText('th', 'validation.emailInvalid'),
      })
      const malay = await field('/api/v1/interest', { 'accept-language': 'ms-MY, en;q=0.5' })
      expect(malay.text).toBe(apiMessageText('bm', 'validation.emailInvalid'))
      expect(malay.text).not.toBe(apiMessageText('en', 'validation.emailInvalid'))
      const french = await field('/api/v1/interest', { 'accept-language': 'fr-FR' })
      expect(french.text).toBe('Enter a valid e-mail address, like name@example.com.')
    })
  })
})
