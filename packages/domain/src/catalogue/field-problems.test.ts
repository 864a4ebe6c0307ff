import { describe, expect, it } from 'vitest'
import { problemNamedIn, suggestProblems } from './field-problems.ts'

describe('problemNamedIn (docs/product/catalogue.md, Search by the problem in the field)', () => {
  it.each([
    ['weedy rice', 'weedy_rice'],
    ['padi angin', 'weedy_rice'],
    ['Padi Angin', 'weedy_rice'],
    ['padiangin', 'weedy_rice'],
    ['racun padi angin', 'weedy_rice'],
    ['ข้าววัชพืช', 'weedy_rice'],
    ['ยากำจัดข้าววัชพืช', 'weedy_rice'],
    ['brown planthopper', 'brown_planthopper'],
    ['bena perang', 'brown_planthopper'],
    ['เพลี้ยกระโดดสีน้ำตาล', 'brown_planthopper'],
    ['rice blast', 'rice_blast'],
    ['karah', 'rice_blast'],
    ['โรคไหม้', 'rice_blast'],
    ['sheath blight', 'sheath_blight'],
    ['hawar seludang', 'sheath_blight'],
    ['golden apple snail', 'golden_apple_snail'],
    ['siput gondang', 'golden_apple_snail'],
    ['หอยเชอรี่', 'golden_apple_snail'],
  ])('%s names %s', (search, id) => {
    expect(problemNamedIn(search)?.id).toBe(id)
  })

  it.each(['padi', 'angin', 'urea', 'bena', 'seludang', 'GliPro 41', 'rice', 'baja', ''])(
    '%s names no problem',
    (search) => {
      expect(problemNamedIn(search)).toBeNull()
    },
  )

  it('the longest name found wins: white-backed planthopper is the planthoppers', () => {
    expect(problemNamedIn('white-backed planthopper')?.id).toBe('brown_planthopper')
    expect(problemNamedIn('neck blast')?.id).toBe('rice_blast')
  })
})

describe('suggestProblems', () => {
  it('suggests by the start of a name or of one of its words, the farmer’s language first', () => {
    expect(suggestProblems('bena', 'bm').map((s) => s.name)).toEqual(['bena hijau', 'bena perang'])
    expect(suggestProblems('padi a', 'bm')[0]?.name).toBe('padi angin')
    expect(suggestProblems('weedy', 'en')[0]).toMatchObject({ name: 'weedy rice' })
    expect(suggestProblems('เพลี้ย', 'th').map((s) => s.problem.id)).toEqual(
      expect.arrayContaining(['brown_planthopper', 'green_leafhopper', 'thrips']),
    )
    expect(suggestProblems('karah', 'en')[0]?.problem.id).toBe('rice_blast')
  })

  it('one letter suggests nothing; each problem once', () => {
    expect(suggestProblems('b', 'en')).toEqual([])
    const ids = suggestProblems('bl', 'en').map((s) => s.problem.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
