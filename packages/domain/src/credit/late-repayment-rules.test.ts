import { describe, expect, it } from 'vitest'
import {
  EXTENSION_FILE_LIMITS,
  EXTENSION_STATES,
  EXTENSION_TEXT_MAX,
  extensionProblems,
} from './late-repayment-rules.ts'

// docs/product/credit.md (Late repayment): "New planting and harvest dates must be later than the
// old ones; reason and affected area are up to 500 characters each", and the new harvest must be
// after the new planting date. docs/product/limits.md: reason, affected area 500 characters each.

const inForce = { plantingOn: '2027-01-10', harvestOn: '2027-05-20' }
const application = {
  ...inForce,
  newPlantingOn: '2027-02-01',
  newHarvestOn: '2027-06-30',
  reason: 'Flood in March',
  affectedArea: '2 ha of 3',
}

describe('a late-repayment application (docs/product/credit.md: Late repayment)', () => {
  it('takes later dates, the harvest after the planting, with a reason and the area affected', () => {
    expect(extensionProblems(application)).toEqual({})
  })

  it('needs new dates later than the ones in force, not the same day', () => {
    expect(
      extensionProblems({
        ...application,
        newPlantingOn: inForce.plantingOn,
        newHarvestOn: inForce.harvestOn,
      }),
    ).toEqual({
      new_planting_on: 'extension.errors.plantingLater',
      new_harvest_on: 'extension.errors.harvestLater',
    })
    expect(
      extensionProblems({
        ...application,
        newPlantingOn: '2027-01-09',
        newHarvestOn: '2027-05-19',
      }),
    ).toEqual({
      new_planting_on: 'extension.errors.plantingLater',
      new_harvest_on: 'extension.errors.harvestLater',
    })
  })

  it('takes any new planting date when the line has none in force', () => {
    expect(
      extensionProblems({ ...application, plantingOn: null, newPlantingOn: '2020-01-01' }),
    ).toEqual({})
  })

  it('needs the new harvest after the new planting date', () => {
    expect(
      extensionProblems({
        ...application,
        newPlantingOn: '2027-06-30',
        newHarvestOn: '2027-06-30',
      }),
    ).toEqual({ new_harvest_on: 'extension.errors.harvestAfterPlanting' })
  })

  it('needs both new dates, each a day (YYYY-MM-DD)', () => {
    expect(extensionProblems({ ...application, newPlantingOn: '', newHarvestOn: '' })).toEqual({
      new_planting_on: 'extension.errors.required',
      new_harvest_on: 'extension.errors.required',
    })
    expect(
      extensionProblems({ ...application, newPlantingOn: '1-2-2027', newHarvestOn: '30/06/2027' }),
    ).toEqual({
      new_planting_on: 'extension.errors.date',
      new_harvest_on: 'extension.errors.date',
    })
  })

  it('needs a reason and the area affected, each at most 500 characters', () => {
    expect(EXTENSION_TEXT_MAX).toBe(500)
    expect(extensionProblems({ ...application, reason: '  ', affectedArea: '' })).toEqual({
      reason: 'extension.errors.required',
      affected_area: 'extension.errors.required',
    })
    expect(
      extensionProblems({ ...application, reason: 'a'.repeat(500), affectedArea: 'b'.repeat(501) }),
    ).toEqual({ affected_area: 'extension.errors.tooLong' })
  })

  it('counts characters as the farmer sees them, Thai and emoji alike', () => {
    // 500 Thai letters or 500 emoji are 500 characters, though an emoji is two UTF-16 units.
    expect(extensionProblems({ ...application, reason: 'น'.repeat(500) })).toEqual({})
    expect(extensionProblems({ ...application, reason: '🌧'.repeat(500) })).toEqual({})
    expect(extensionProblems({ ...application, reason: '🌧'.repeat(501) })).toEqual({
      reason: 'extension.errors.tooLong',
    })
  })

  it('takes at most 5 documents, 8 MB each and 20 MB in all', () => {
    expect(EXTENSION_FILE_LIMITS).toEqual({
      files: 5,
      fileBytes: 8 * 1024 * 1024,
      totalBytes: 20 * 1024 * 1024,
    })
  })

  it('waits for finance, then is approved or rejected', () => {
    expect(EXTENSION_STATES).toEqual(['pending', 'approved', 'rejected'])
  })
})
