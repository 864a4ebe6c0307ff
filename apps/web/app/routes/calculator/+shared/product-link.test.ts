import { describe, expect, it } from 'vitest'
import { calculatorSearch } from './product-link.ts'

describe('calculator link from a product page', () => {
  it('carries the per-hectare rate and a pack of the same kind', () => {
    const search = calculatorSearch(
      'AzoDif 325SC',
      { kind: 'per_hectare', amount: 300, unit: 'ml', labelLitresPerHectare: 200 },
      { pack_amount: 1, pack_unit: 'l' },
    )
    expect(search).toBe(
      '?product=AzoDif+325SC&rate_kind=per_hectare&rate_amount=300&rate_unit=ml' +
        '&label_litres_per_hectare=200&pack_amount=1&pack_unit=l',
    )
  })

  it('carries the tank size of a per-tank rate and drops a pack it cannot count', () => {
    const search = calculatorSearch(
      'Karah-75',
      { kind: 'per_tank', amount: 10, unit: 'g', tankLitres: 16, labelLitresPerHectare: 250 },
      { pack_amount: 250, pack_unit: 'ml' },
    )
    const params = new URLSearchParams(search ?? '')
    expect(params.get('rate_tank_litres')).toBe('16')
    expect(params.get('label_litres_per_hectare')).toBe('250')
    expect(params.has('pack_amount')).toBe(false)
    expect(
      calculatorSearch(
        'x',
        { kind: 'per_hectare', amount: 1, unit: 'l' },
        { pack_amount: 2, pack_unit: 'pcs' },
      ),
    ).not.toContain('pack')
  })

  it('is absent without a label rate', () => {
    expect(calculatorSearch('Battery', null, null)).toBeNull()
  })
})
