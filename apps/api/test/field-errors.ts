import { expect } from 'vitest'

/**
 * A refusal's field errors as field and catalogue key, after checking that each also carries its
 * text (docs/product/errors.md): tests name the keys, and the texts are the catalogue's
 * (`refusal-texts.test.ts` checks them in each language).
 */
export function fieldErrorKeys(errors: unknown): { field: string; message: string }[] {
  expect(Array.isArray(errors)).toBe(true)
  return (errors as { field: string; message: string; text?: unknown }[]).map(
    ({ field, message, text }) => {
      expect({ field, text }).toEqual({ field, text: expect.stringMatching(/\S/) })
      return { field, message }
    },
  )
}
