import { describe, expect, it } from 'vitest'
import { REGIONS, regionByCode, regionOfPostcode } from './regions.ts'

describe('regions from postcodes (docs/product/regions.md)', () => {
  it('knows 16 Malaysian states and 77 Thai provinces, named in every language', () => {
    expect(REGIONS.filter((r) => r.market === 'MY')).toHaveLength(16)
    expect(REGIONS.filter((r) => r.market === 'TH')).toHaveLength(77)
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(REGIONS.length)
    for (const r of REGIONS) {
      expect(r.name.en && r.name.bm && r.name.th).toBeTruthy()
      expect(r.name.th).toMatch(/[\u0E00-\u0E7F]/)
    }
  })

  it('finds the state of paddy towns in Malaysia', () => {
    const state = (postcode: string) => regionOfPostcode('MY', postcode)?.name.en
    expect(state('06000')).toBe('Kedah') // Jitra
    expect(state('02600')).toBe('Perlis') // Arau
    expect(state('16200')).toBe('Kelantan') // Tumpat
    expect(state('45400')).toBe('Selangor') // Sekinchan
    expect(state('13200')).toBe('Penang') // Kepala Batas
    expect(state('34200')).toBe('Perak') // Parit Buntar
    expect(state('26600')).toBe('Pahang') // Pekan
    expect(state('22000')).toBe('Terengganu') // Jerteh
    expect(state('93000')).toBe('Sarawak')
    expect(regionOfPostcode('MY', '06000')?.name.bm).toBe('Kedah')
    expect(regionOfPostcode('MY', '13200')?.name.bm).toBe('Pulau Pinang')
  })

  it('finds the province in Thailand, the same digits meaning another place than in Malaysia', () => {
    expect(regionOfPostcode('TH', '72000')?.name.th).toBe('สุพรรณบุรี')
    expect(regionOfPostcode('MY', '72000')?.name.en).toBe('Negeri Sembilan')
    expect(regionOfPostcode('TH', '60000')?.name.en).toBe('Nakhon Sawan')
    expect(regionOfPostcode('TH', '34000')?.code).toBe('TH-34')
    expect(regionOfPostcode('TH', '11000')?.name.en).toBe('Nonthaburi')
    expect(regionOfPostcode('TH', '10270')?.name.en).toBe('Samut Prakan')
    expect(regionOfPostcode('TH', '10200')?.name.en).toBe('Bangkok')
  })

  it('says nothing for a postcode no region has, or for bad input', () => {
    expect(regionOfPostcode('MY', '03000')).toBeNull()
    expect(regionOfPostcode('TH', '99000')).toBeNull()
    expect(regionOfPostcode('MY', '6000')).toBeNull()
    expect(regionOfPostcode('TH', 'abcde')).toBeNull()
    expect(regionByCode('XX-01')).toBeNull()
    expect(regionByCode(null)).toBeNull()
  })
})
