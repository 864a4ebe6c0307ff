import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { roundTo } from '@padi/domain/calculators/numeric'
import {
  followedChoices,
  inputFormSearch,
  labelAllows,
  readInputForm,
  switchRateUnit,
  switchSprayer,
  switchVolumeBasis,
} from './input-form.ts'
import { evaluateInputForm } from './input-evaluation.ts'
import type { InputFormValues } from './input-form.ts'

const read = (query: string, locale: 'en' | 'bm' | 'th' = 'en') =>
  readInputForm(new URLSearchParams(query), locale)

/** docs/product/calculators.md worked example: 5 relong, 300 mL/ha, 250 mL bottles. */
const WORKED_EXAMPLE = 'area_value=5&area_unit=relong&rate_amount=300&rate_unit=ml&pack_amount=250'

describe('readInputForm', () => {
  it('fills defaults: knapsack 16 L @ 200 L/ha, rate per hectare in mL, area unit per language', () => {
    const { values, touched } = read('', 'bm')
    expect(values).toMatchObject({
      area_value: '',
      area_unit: 'relong',
      rate_kind: 'per_hectare',
      rate_unit: 'ml',
      sprayer: 'knapsack',
      tank_litres: '16',
      litres_per_hectare: '200',
      pack_unit: 'ml',
      product: '',
    })
    expect(touched).toEqual([])
    expect(read('', 'th').values.area_unit).toBe('rai')
    expect(read('', 'en').values.area_unit).toBe('hectare')
  })

  it('uses the drone defaults (40 L @ 20 L/ha) when a drone is asked for', () => {
    expect(read('sprayer=drone').values).toMatchObject({
      tank_litres: '40',
      litres_per_hectare: '20',
    })
  })

  it('prefills from a product link, pack unit following the rate unit', () => {
    const { values } = read(
      'product=Kuinklo%2075WG&rate_kind=per_tank&rate_amount=13&rate_unit=g&rate_tank_litres=18',
    )
    expect(values).toMatchObject({
      product: 'Kuinklo 75WG',
      rate_kind: 'per_tank',
      rate_amount: '13',
      rate_unit: 'g',
      rate_tank_litres: '18',
      pack_unit: 'g',
    })
  })

  it('swaps untouched sprayer defaults when the sprayer changed without JavaScript', () => {
    // The no-JS form still carries the knapsack's 16 / 200 after the farmer picks "drone".
    const swapped = read(
      'sprayer=drone&prev_sprayer=knapsack&tank_litres=16&litres_per_hectare=200',
    )
    expect(swapped.values).toMatchObject({ tank_litres: '40', litres_per_hectare: '20' })
    const typed = read('sprayer=drone&prev_sprayer=knapsack&tank_litres=30&litres_per_hectare=200')
    expect(typed.values).toMatchObject({ tank_litres: '30', litres_per_hectare: '20' })
  })

  it('converts the spray volume and moves the pack unit when those choices changed without JavaScript', () => {
    expect(
      read('volume_basis=rai&prev_volume_basis=hectare&litres_per_hectare=200').values,
    ).toMatchObject({ volume_basis: 'rai', litres_per_hectare: '32' })
    expect(
      read('volume_basis=rai&prev_volume_basis=hectare&litres_per_hectare=150').values
        .litres_per_hectare,
    ).toBe('24')
    expect(read('rate_unit=g&prev_rate_unit=ml&pack_unit=ml').values.pack_unit).toBe('g')
    expect(read('rate_unit=kg&prev_rate_unit=g&pack_unit=g').values.pack_unit).toBe('g')
    // Drone and rai at once: the drone's volume per rai, whatever the order they were picked in.
    expect(
      read(
        'sprayer=drone&prev_sprayer=knapsack&volume_basis=rai&prev_volume_basis=hectare' +
          '&tank_litres=16&litres_per_hectare=200',
      ).values,
    ).toMatchObject({ tank_litres: '40', litres_per_hectare: '3.2' })
  })

  it('leaves a hand-made link without prev_ fields, or with unknown ones, as it is', () => {
    // A pack in g for a rate in mL is reported, not silently changed (a wrong count is worse).
    expect(read('rate_unit=ml&pack_unit=g').values.pack_unit).toBe('g')
    expect(read('rate_unit=ml&prev_rate_unit=oz&pack_unit=g').values.pack_unit).toBe('g')
    expect(
      read('volume_basis=rai&prev_volume_basis=acre&litres_per_hectare=200').values
        .litres_per_hectare,
    ).toBe('200')
  })

  it('a form sent as it stands gives what the same changes give with JavaScript, in any order', () => {
    // docs/product/shell.md (Before the scripts arrive): figures the farmer typed first, then
    // each choice changed once, in any order: the handlers applied one by one, or the form as it
    // then stands (followers as shown, prev_ fields as rendered) read at once.
    const choice = fc.oneof(
      fc.record({
        field: fc.constant('sprayer' as const),
        value: fc.constantFrom('knapsack', 'drone'),
      }),
      fc.record({
        field: fc.constant('volume_basis' as const),
        value: fc.constantFrom('hectare', 'rai'),
      }),
      fc.record({
        field: fc.constant('rate_unit' as const),
        value: fc.constantFrom('ml', 'l', 'g', 'kg'),
      }),
    )
    const typed = fc.record(
      {
        tank_litres: fc.constantFrom('', '16', '40', '18'),
        litres_per_hectare: fc.oneof(
          fc.constantFrom('', '200', '20', '32', '3.2'),
          fc.integer({ min: 1, max: 400 }).map(String),
        ),
        pack_unit: fc.constantFrom('ml', 'l', 'g', 'kg'),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(
        fc.constantFrom('en', 'th') as fc.Arbitrary<'en' | 'th'>,
        fc.constantFrom('', 'sprayer=drone', 'rate_unit=g'),
        typed,
        fc.uniqueArray(choice, { selector: (c) => c.field }),
        (locale, start, typedValues, changes) => {
          const shown = {
            ...readInputForm(new URLSearchParams(start), locale).values,
            ...typedValues,
          }
          const handlers = {
            sprayer: switchSprayer,
            volume_basis: switchVolumeBasis,
            rate_unit: switchRateUnit,
          }
          // A select or a radio reports a change only when the value is another one.
          const withScripts = changes.reduce(
            (values, c) =>
              values[c.field] === c.value ? values : handlers[c.field](values, c.value),
            shown,
          )
          const sent = new URLSearchParams({ ...shown, ...followedChoices(shown) })
          for (const c of changes) sent.set(c.field, c.value)
          expect(readInputForm(sent, locale).values).toEqual(withScripts)
        },
      ),
    )
  })

  it('keeps unknown values so the page can report them', () => {
    expect(evaluateInputForm(read(`${WORKED_EXAMPLE}&sprayer=plane`).values)).toEqual({
      ok: false,
      errors: { sprayer: 'calculator.errors.sprayerTypeInvalid' },
    })
  })
})

describe('switchSprayer and switchRateUnit', () => {
  const base = read('').values

  it('swaps defaults both ways and keeps typed figures', () => {
    const drone = switchSprayer(base, 'drone')
    expect(drone).toMatchObject({ sprayer: 'drone', tank_litres: '40', litres_per_hectare: '20' })
    expect(switchSprayer(drone, 'knapsack')).toMatchObject({
      tank_litres: '16',
      litres_per_hectare: '200',
    })
    const custom = { ...base, tank_litres: '18' }
    expect(switchSprayer(custom, 'drone').tank_litres).toBe('18')
    expect(switchSprayer({ ...base, tank_litres: '' }, 'drone').tank_litres).toBe('40')
  })

  it('a knapsack sprays the label’s own volume; a drone its own, whichever way the farmer goes', () => {
    // A product filled in: 1.2 L/ha in 250 L/ha of water.
    const label = read('rate_amount=1.2&rate_unit=l&label_litres_per_hectare=250').values
    expect(label).toMatchObject({ sprayer: 'knapsack', litres_per_hectare: '250' })
    const drone = switchSprayer(label, 'drone')
    expect(drone).toMatchObject({ tank_litres: '40', litres_per_hectare: '20' })
    expect(switchSprayer(drone, 'knapsack')).toMatchObject({
      tank_litres: '16',
      litres_per_hectare: '250',
    })
    // Per rai (Thai): 250 L/ha is 40 L/rai.
    const rai = read('label_litres_per_hectare=250&volume_basis=rai', 'th').values
    expect(rai.litres_per_hectare).toBe('40')
    expect(switchSprayer(switchSprayer(rai, 'drone'), 'knapsack').litres_per_hectare).toBe('40')
    // A volume the farmer typed stays; a drone label's own volume is not a knapsack's.
    expect(switchSprayer({ ...label, litres_per_hectare: '300' }, 'drone').litres_per_hectare).toBe(
      '300',
    )
    const uav = read('label_litres_per_hectare=20&sprayer=drone').values
    expect(switchSprayer(uav, 'knapsack').litres_per_hectare).toBe('200')
  })

  it('a sprayer the label rules out gives no answer, only the reason at the sprayer', () => {
    const glufos = `${WORKED_EXAMPLE}&label_sprayers=knapsack`
    expect(read(glufos).values.label_sprayers).toBe('knapsack')
    expect(labelAllows(read(glufos).values, 'drone')).toBe(false)
    expect(labelAllows(read(glufos).values, 'knapsack')).toBe(true)
    expect(evaluateInputForm(read(`${glufos}&sprayer=drone`).values)).toEqual({
      ok: false,
      errors: { sprayer: 'calculator.errors.sprayerRuledOut' },
    })
    expect(evaluateInputForm(read(glufos).values).ok).toBe(true)
    // Said at once, before the rest of the form is filled in.
    const early = evaluateInputForm(read('label_sprayers=knapsack&sprayer=drone').values)
    expect(early.ok ? null : early.errors.sprayer).toBe('calculator.errors.sprayerRuledOut')
    // A forged address cannot rule out what no label does: anything but one sprayer allows any.
    for (const forged of ['plane', 'knapsack,drone', '%00', 'drone%00'])
      expect(labelAllows(read(`label_sprayers=${forged}`).values, 'drone')).toBe(true)
  })

  it('moves the pack unit across liquid and solid only', () => {
    expect(switchRateUnit({ ...base, pack_unit: 'ml' }, 'l').pack_unit).toBe('ml')
    expect(switchRateUnit({ ...base, pack_unit: 'ml' }, 'kg').pack_unit).toBe('kg')
    expect(switchRateUnit({ ...base, pack_unit: 'g' }, 'kg').pack_unit).toBe('g')
  })
})

describe('evaluateInputForm', () => {
  it('computes the §2.2 worked example: 431.7 mL, 287.8 L, 18 loads of 24 mL, 2 bottles', () => {
    const evaluation = evaluateInputForm(read(WORKED_EXAMPLE).values)
    expect(evaluation.ok).toBe(true)
    if (!evaluation.ok) return
    const { result } = evaluation
    expect(roundTo(result.totalProduct, 1)).toBe(431.7)
    expect(roundTo(result.totalWater, 1)).toBe(287.8)
    expect(result.tankLoads).toBe(18)
    expect(result.productPerFullTank).toBe(24)
    expect(result.packsToBuy).toBe(2)
  })

  it('accepts rai-ngan-wah for the field area', () => {
    const evaluation = evaluateInputForm({
      ...read(WORKED_EXAMPLE).values,
      area_value: '6-1-0',
      area_unit: 'rai',
    })
    expect(evaluation.ok && evaluation.result.hectares).toBe(1)
  })

  it('ignores a blank pack size', () => {
    const evaluation = evaluateInputForm({ ...read(WORKED_EXAMPLE).values, pack_amount: '' })
    expect(evaluation.ok && evaluation.result.packsToBuy).toBeNull()
  })

  it('puts every message on the field that shows it', () => {
    const values: InputFormValues = read('').values
    expect(evaluateInputForm(values)).toEqual({
      ok: false,
      errors: {
        area_value: 'calculator.errors.valueRequired',
        rate_amount: 'calculator.errors.valueRequired',
      },
    })
    const perTank = { ...read(WORKED_EXAMPLE).values, rate_kind: 'per_tank', tank_litres: '0' }
    expect(evaluateInputForm(perTank)).toEqual({
      ok: false,
      errors: {
        rate_tank_litres: 'calculator.errors.valueRequired',
        tank_litres: 'calculator.errors.valuePositive',
      },
    })
    const mismatch = { ...read(WORKED_EXAMPLE).values, pack_unit: 'kg' }
    expect(evaluateInputForm(mismatch)).toEqual({
      ok: false,
      errors: { pack_unit: 'calculator.errors.packUnitMismatch' },
    })
  })

  it('asks for the label water volume for a drone with a dilution rate (§2.2 drone mode)', () => {
    const values = {
      ...switchSprayer(read(WORKED_EXAMPLE).values, 'drone'),
      rate_kind: 'per_litre',
      rate_amount: '1.5',
    }
    expect(evaluateInputForm(values)).toEqual({
      ok: false,
      errors: { label_litres_per_hectare: 'calculator.errors.labelVolumeRequired' },
    })
    const withVolume = evaluateInputForm({ ...values, label_litres_per_hectare: '200' })
    expect(withVolume.ok && withVolume.result.dosePerHectare).toBe(300)
  })
})

describe('inputFormSearch', () => {
  it('writes filled and touched fields only, and reads back the same values', () => {
    const { values } = read(WORKED_EXAMPLE)
    const search = inputFormSearch(values, ['rate_tank_litres'])
    expect(search).toContain('rate_tank_litres=&')
    expect(search).not.toContain('label_litres_per_hectare')
    expect(read(search).values).toEqual(values)
  })
})

describe('rates and water per rai (docs/product/calculators.md: spray mix calculator)', () => {
  const th = (search: string) => readInputForm(new URLSearchParams(search), 'th').values

  it('opens the Thai calculator with water per rai: 32 L/rai knapsack, 3.2 L/rai drone', () => {
    expect(th('')).toMatchObject({ volume_basis: 'rai', litres_per_hectare: '32' })
    expect(th('sprayer=drone')).toMatchObject({ volume_basis: 'rai', litres_per_hectare: '3.2' })
    expect(readInputForm(new URLSearchParams(''), 'en').values.volume_basis).toBe('hectare')
  })

  it('keeps the meaning of a volume when its basis changes, and sprayer defaults per rai', () => {
    const perRai = th('litres_per_hectare=40')
    expect(switchVolumeBasis(perRai, 'hectare').litres_per_hectare).toBe('250')
    expect(
      switchVolumeBasis({ ...perRai, volume_basis: 'hectare' }, 'rai').litres_per_hectare,
    ).toBe('6.4')
    expect(switchSprayer(th(''), 'drone').litres_per_hectare).toBe('3.2')
  })

  it('works a dose per rai and water per rai like the same figures per hectare', () => {
    // 48 mL/rai at 40 L/rai = 300 mL/ha at 250 L/ha: 16 L tank holds 19.2 mL.
    const perRai = evaluateInputForm({
      ...th('area_value=2&area_unit=rai&rate_kind=per_rai&rate_amount=48&rate_unit=ml'),
      litres_per_hectare: '40',
    })
    const perHectare = evaluateInputForm({
      ...th('area_value=2&area_unit=rai&rate_kind=per_hectare&rate_amount=300&rate_unit=ml'),
      litres_per_hectare: '250',
      volume_basis: 'hectare',
    })
    expect(perRai.ok && perHectare.ok).toBe(true)
    if (!perRai.ok || !perHectare.ok) return
    expect(perRai.result).toEqual(perHectare.result)
    expect(perRai.result.productPerFullTank).toBeCloseTo(19.2, 9)
    expect(perRai.result.totalProduct).toBeCloseTo(96, 9)
  })
})
