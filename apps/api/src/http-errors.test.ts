import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@padi/domain/errors'
import { HTTP_STATUS } from './http-errors.ts'

describe('the error catalogue (docs/product/errors.md)', () => {
  it('lists every code the API answers with, at the status it is answered with', () => {
    const doc = readFileSync(new URL('../../../docs/product/errors.md', import.meta.url), 'utf8')
    const rows = [...doc.matchAll(/^\| ([A-Z][A-Z_]+) +\| (\d{3}) +\|/gm)].map(
      ([, code, status]) => [code, Number(status)],
    )
    const documented = Object.fromEntries(rows)
    expect(rows.length).toBe(Object.keys(documented).length)
    expect(documented).toEqual(Object.fromEntries(ERROR_CODES.map((c) => [c, HTTP_STATUS[c]])))
  })
})
