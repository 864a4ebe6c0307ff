import { describe, expect, it } from 'vitest'
import { errorText } from './errors.ts'

describe('errorText (docs/product/errors.md)', () => {
  it('joins the non-empty strings of an array with ", "', () => {
    expect(errorText(['Phone invalid', '', 'Password too short', 3, '  '])).toBe(
      'Phone invalid, Password too short',
    )
  })
  it('uses a non-empty string as is', () => {
    expect(errorText('User already exists')).toBe('User already exists')
  })
  it('falls back to the generic text', () => {
    for (const v of [undefined, null, '', '   ', [], [''], 42, {}])
      expect(errorText(v)).toBe('An unexpected error occurred.')
  })
})
