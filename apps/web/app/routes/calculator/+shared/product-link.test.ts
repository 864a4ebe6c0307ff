import { describe, expect, it } from 'vitest'
import { calculatorSearch, labelTankDose } from './product-link.ts'
import { evaluateInputForm } from './input-evaluation.ts'
import { readInputForm } from './input-form.ts'

describe('calculator link from a product page', () => {
  it('carries the per-hectare rate and a pack of the same kind', () => {
    const search = calculatorSearch(
      'AzoDif 325SC',
      { kind: 'per_hectare', amount: 300, unit: 'ml', labelLitresPerHectare: 200 },
      { pack_amount: 1, pack_unit: 'l' },
    )
    expect(search).toBe(
      '?product=AzoDif+325SC&rate_kind=per_hectare&rate_amount=300&rate_unit=ml' +
        '&label_litres_per_hectare=200&sprayer=knapsack&tank_litres=16&litres_per_hectare=200' +
        '&volume_basis=hectare&pack_amount=1&pack_unit=l',
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

  it('carries the sprayers a label allows when it rules one out', () => {
    const rate = {
      kind: 'per_hectare' as const,
      amount: 2.5,
      unit: 'l' as const,
      labelLitresPerHectare: 250,
    }
    const glufos = new URLSearchParams(
      calculatorSearch('GluFos 150SL', { ...rate, sprayers: ['knapsack'] }, null) ?? '',
    )
    expect(glufos.get('label_sprayers')).toBe('knapsack')
    expect(readInputForm(glufos, 'en').values.label_sprayers).toBe('knapsack')
    expect(new URLSearchParams(calculatorSearch('x', rate, null) ?? '').has('label_sprayers')).toBe(
      false,
    )
  })

  it('is absent without a label rate', () => {
    expect(calculatorSearch('Battery', null, null)).toBeNull()
  })

  it('states the dose per tank the calculator opened from the product states', () => {
    // Karah-75: 300 g/ha sprayed at 480 L/ha is 10 g in a 16 L knapsack, not 24 g at 200 L/ha.
    const rate = {
      kind: 'per_hectare',
      amount: 300,
      unit: 'g',
      labelLitresPerHectare: 480,
    } as const
    expect(labelTankDose(rate)).toEqual({
      sprayer: 'knapsack',
      tankLitres: 16,
      litresPerHectare: 480,
      amount: 10,
      unit: 'g',
    })
    const search = calculatorSearch('Karah-75', rate, null) ?? ''
    const form = readInputForm(
      new URLSearchParams(`${search}&area_value=1&area_unit=hectare`),
      'th',
    )
    const answer = evaluateInputForm(form.values)
    expect(answer.ok && answer.result.productPerFullTank).toBe(10)
    // A drone volume opens the calculator for a drone, with its own tank.
    expect(
      labelTankDose({ kind: 'per_hectare', amount: 100, unit: 'ml', labelLitresPerHectare: 20 }),
    ).toMatchObject({ sprayer: 'drone', tankLitres: 40, amount: 200 })
    expect(labelTankDose({ kind: 'per_hectare', amount: 100, unit: 'kg' })).toBeNull()
  })
})
