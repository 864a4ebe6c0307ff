import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { CALCULATOR_ERRORS } from './calculator-errors.ts'
import { formNumber, optionalFormNumber } from './form-number-schema.ts'

// docs/product/calculators.md (Answers match the entries): an invalid entry shows its message and
// no answer; each case below has a message of its own, so the farmer knows what to put right.

const messageOf = (schema: z.ZodMiniType, input: unknown) =>
  z.safeParse(schema, input).error?.issues[0]?.message

describe('a figure a calculator needs', () => {
  const field = formNumber(1_000)

  it('takes a figure above 0 up to the field’s largest, as typed', () => {
    expect(z.parse(field, '12.5')).toBe(12.5)
    expect(z.parse(field, '1,000')).toBe(1000)
  })

  it('tells blank, garbage, zero or less, and too large apart', () => {
    expect(messageOf(field, '')).toBe(CALCULATOR_ERRORS.valueRequired)
    expect(messageOf(field, '1,5')).toBe(CALCULATOR_ERRORS.valueInvalid)
    expect(messageOf(field, '0')).toBe(CALCULATOR_ERRORS.valuePositive)
    expect(messageOf(field, '-3')).toBe(CALCULATOR_ERRORS.valuePositive)
    expect(messageOf(field, '1000.01')).toBe(CALCULATOR_ERRORS.valueTooLarge)
  })
})

describe('a figure a calculator may go without', () => {
  const field = optionalFormNumber(50)

  it('leaves a blank field out, and judges a typed one like any other', () => {
    expect(z.parse(field, '')).toBeUndefined()
    expect(z.parse(field, '40')).toBe(40)
    expect(messageOf(field, '0')).toBe(CALCULATOR_ERRORS.valuePositive)
    expect(messageOf(field, '51')).toBe(CALCULATOR_ERRORS.valueTooLarge)
  })
})
