import { describe, expect, it } from 'vitest'
import { pinProblem } from './pin.ts'

describe('payment PIN rules (docs/product/orders-and-payments.md)', () => {
  it('needs exactly six digits', () => {
    for (const pin of ['', '12345', '1234567', '12345a', ' 390571', '３９０５７１'])
      expect(pinProblem(pin)).toBe('format')
    expect(pinProblem('390571')).toBeNull()
  })
  it('refuses one digit repeated, runs up or down, and repeated pairs or triples', () => {
    for (const pin of [
      '000000',
      '999999',
      '123456',
      '654321',
      '012345',
      '987654',
      '890123',
      '121212',
      '123123',
      '909090',
    ])
      expect(pinProblem(pin), pin).toBe('common')
  })
  it('refuses the favourites and the end of the farmer’s own mobile number', () => {
    expect(pinProblem('159753')).toBe('common')
    expect(pinProblem('482913', '+60 12-348 2913')).toBe('common')
    expect(pinProblem('482913', '+60120000001')).toBeNull()
  })
  it('accepts PINs with no pattern', () => {
    for (const pin of ['390571', '604829', '271845', '135792'])
      expect(pinProblem(pin), pin).toBeNull()
  })
})
