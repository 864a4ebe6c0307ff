import type { Market } from '../markets.ts'

/**
 * docs/product/regions.md: the state (Malaysia) or province (Thailand) of an address, found from
 * its postcode. Codes are ISO 3166-2; names are in every language the shop speaks (Malay writes
 * Thai provinces in the same Latin spelling as English).
 */
export type Region = {
  code: string
  market: Market
  name: { en: string; bm: string; th: string }
}

type MyState = { code: string; en: string; bm: string; th: string; ranges: [number, number][] }

// Postcode ranges per state; a few offices cross a state line, so a range names the state most of
// its postcodes belong to.
const MY_STATES: MyState[] = [
  { code: 'MY-09', en: 'Perlis', bm: 'Perlis', th: 'ปะลิส', ranges: [[1000, 2899]] },
  { code: 'MY-02', en: 'Kedah', bm: 'Kedah', th: 'เกอดะฮ์', ranges: [[5000, 9899]] },
  { code: 'MY-07', en: 'Penang', bm: 'Pulau Pinang', th: 'ปีนัง', ranges: [[10000, 14499]] },
  { code: 'MY-03', en: 'Kelantan', bm: 'Kelantan', th: 'กลันตัน', ranges: [[15000, 18599]] },
  { code: 'MY-11', en: 'Terengganu', bm: 'Terengganu', th: 'ตรังกานู', ranges: [[20000, 24399]] },
  {
    code: 'MY-06',
    en: 'Pahang',
    bm: 'Pahang',
    th: 'ปะหัง',
    ranges: [
      [25000, 28999],
      [39000, 39999],
      [49000, 49999],
      [69000, 69999],
    ],
  },
  { code: 'MY-08', en: 'Perak', bm: 'Perak', th: 'เประ', ranges: [[30000, 36899]] },
  {
    code: 'MY-10',
    en: 'Selangor',
    bm: 'Selangor',
    th: 'สลังงอร์',
    ranges: [
      [40000, 48399],
      [63000, 68199],
    ],
  },
  {
    code: 'MY-14',
    en: 'Kuala Lumpur',
    bm: 'Wilayah Persekutuan Kuala Lumpur',
    th: 'กัวลาลัมเปอร์',
    ranges: [[50000, 60099]],
  },
  {
    code: 'MY-16',
    en: 'Putrajaya',
    bm: 'Wilayah Persekutuan Putrajaya',
    th: 'ปุตราจายา',
    ranges: [[62000, 62999]],
  },
  {
    code: 'MY-05',
    en: 'Negeri Sembilan',
    bm: 'Negeri Sembilan',
    th: 'เนอเกอรีเซิมบีลัน',
    ranges: [[70000, 73599]],
  },
  { code: 'MY-04', en: 'Malacca', bm: 'Melaka', th: 'มะละกา', ranges: [[75000, 78399]] },
  { code: 'MY-01', en: 'Johor', bm: 'Johor', th: 'ยะโฮร์', ranges: [[79000, 86999]] },
  {
    code: 'MY-15',
    en: 'Labuan',
    bm: 'Wilayah Persekutuan Labuan',
    th: 'ลาบวน',
    ranges: [[87000, 87099]],
  },
  { code: 'MY-12', en: 'Sabah', bm: 'Sabah', th: 'ซาบะฮ์', ranges: [[88000, 91399]] },
  { code: 'MY-13', en: 'Sarawak', bm: 'Sarawak', th: 'ซาราวัก', ranges: [[93000, 98899]] },
]

// Thai provinces: ISO code, the first two digits of their postcodes, English and Thai names.
// Bangkok and Samut Prakan share the prefix 10; Samut Prakan's post offices are listed apart.
const TH_PROVINCES: [code: string, prefix: string, en: string, th: string][] = [
  ['TH-10', '10', 'Bangkok', 'กรุงเทพมหานคร'],
  ['TH-11', '10', 'Samut Prakan', 'สมุทรปราการ'],
  ['TH-12', '11', 'Nonthaburi', 'นนทบุรี'],
  ['TH-13', '12', 'Pathum Thani', 'ปทุมธานี'],
  ['TH-14', '13', 'Phra Nakhon Si Ayutthaya', 'พระนครศรีอยุธยา'],
  ['TH-15', '14', 'Ang Thong', 'อ่างทอง'],
  ['TH-16', '15', 'Lopburi', 'ลพบุรี'],
  ['TH-17', '16', 'Sing Buri', 'สิงห์บุรี'],
  ['TH-18', '17', 'Chai Nat', 'ชัยนาท'],
  ['TH-19', '18', 'Saraburi', 'สระบุรี'],
  ['TH-20', '20', 'Chonburi', 'ชลบุรี'],
  ['TH-21', '21', 'Rayong', 'ระยอง'],
  ['TH-22', '22', 'Chanthaburi', 'จันทบุรี'],
  ['TH-23', '23', 'Trat', 'ตราด'],
  ['TH-24', '24', 'Chachoengsao', 'ฉะเชิงเทรา'],
  ['TH-25', '25', 'Prachinburi', 'ปราจีนบุรี'],
  ['TH-26', '26', 'Nakhon Nayok', 'นครนายก'],
  ['TH-27', '27', 'Sa Kaeo', 'สระแก้ว'],
  ['TH-30', '30', 'Nakhon Ratchasima', 'นครราชสีมา'],
  ['TH-31', '31', 'Buriram', 'บุรีรัมย์'],
  ['TH-32', '32', 'Surin', 'สุรินทร์'],
  ['TH-33', '33', 'Sisaket', 'ศรีสะเกษ'],
  ['TH-34', '34', 'Ubon Ratchathani', 'อุบลราชธานี'],
  ['TH-35', '35', 'Yasothon', 'ยโสธร'],
  ['TH-36', '36', 'Chaiyaphum', 'ชัยภูมิ'],
  ['TH-37', '37', 'Amnat Charoen', 'อำนาจเจริญ'],
  ['TH-38', '38', 'Bueng Kan', 'บึงกาฬ'],
  ['TH-39', '39', 'Nong Bua Lamphu', 'หนองบัวลำภู'],
  ['TH-40', '40', 'Khon Kaen', 'ขอนแก่น'],
  ['TH-41', '41', 'Udon Thani', 'อุดรธานี'],
  ['TH-42', '42', 'Loei', 'เลย'],
  ['TH-43', '43', 'Nong Khai', 'หนองคาย'],
  ['TH-44', '44', 'Maha Sarakham', 'มหาสารคาม'],
  ['TH-45', '45', 'Roi Et', 'ร้อยเอ็ด'],
  ['TH-46', '46', 'Kalasin', 'กาฬสินธุ์'],
  ['TH-47', '47', 'Sakon Nakhon', 'สกลนคร'],
  ['TH-48', '48', 'Nakhon Phanom', 'นครพนม'],
  ['TH-49', '49', 'Mukdahan', 'มุกดาหาร'],
  ['TH-50', '50', 'Chiang Mai', 'เชียงใหม่'],
  ['TH-51', '51', 'Lamphun', 'ลำพูน'],
  ['TH-52', '52', 'Lampang', 'ลำปาง'],
  ['TH-53', '53', 'Uttaradit', 'อุตรดิตถ์'],
  ['TH-54', '54', 'Phrae', 'แพร่'],
  ['TH-55', '55', 'Nan', 'น่าน'],
  ['TH-56', '56', 'Phayao', 'พะเยา'],
  ['TH-57', '57', 'Chiang Rai', 'เชียงราย'],
  ['TH-58', '58', 'Mae Hong Son', 'แม่ฮ่องสอน'],
  ['TH-60', '60', 'Nakhon Sawan', 'นครสวรรค์'],
  ['TH-61', '61', 'Uthai Thani', 'อุทัยธานี'],
  ['TH-62', '62', 'Kamphaeng Phet', 'กำแพงเพชร'],
  ['TH-63', '63', 'Tak', 'ตาก'],
  ['TH-64', '64', 'Sukhothai', 'สุโขทัย'],
  ['TH-65', '65', 'Phitsanulok', 'พิษณุโลก'],
  ['TH-66', '66', 'Phichit', 'พิจิตร'],
  ['TH-67', '67', 'Phetchabun', 'เพชรบูรณ์'],
  ['TH-70', '70', 'Ratchaburi', 'ราชบุรี'],
  ['TH-71', '71', 'Kanchanaburi', 'กาญจนบุรี'],
  ['TH-72', '72', 'Suphan Buri', 'สุพรรณบุรี'],
  ['TH-73', '73', 'Nakhon Pathom', 'นครปฐม'],
  ['TH-74', '74', 'Samut Sakhon', 'สมุทรสาคร'],
  ['TH-75', '75', 'Samut Songkhram', 'สมุทรสงคราม'],
  ['TH-76', '76', 'Phetchaburi', 'เพชรบุรี'],
  ['TH-77', '77', 'Prachuap Khiri Khan', 'ประจวบคีรีขันธ์'],
  ['TH-80', '80', 'Nakhon Si Thammarat', 'นครศรีธรรมราช'],
  ['TH-81', '81', 'Krabi', 'กระบี่'],
  ['TH-82', '82', 'Phang Nga', 'พังงา'],
  ['TH-83', '83', 'Phuket', 'ภูเก็ต'],
  ['TH-84', '84', 'Surat Thani', 'สุราษฎร์ธานี'],
  ['TH-85', '85', 'Ranong', 'ระนอง'],
  ['TH-86', '86', 'Chumphon', 'ชุมพร'],
  ['TH-90', '90', 'Songkhla', 'สงขลา'],
  ['TH-91', '91', 'Satun', 'สตูล'],
  ['TH-92', '92', 'Trang', 'ตรัง'],
  ['TH-93', '93', 'Phatthalung', 'พัทลุง'],
  ['TH-94', '94', 'Pattani', 'ปัตตานี'],
  ['TH-95', '95', 'Yala', 'ยะลา'],
  ['TH-96', '96', 'Narathiwat', 'นราธิวาส'],
]

/** Samut Prakan's post offices (Mueang, Phra Pradaeng, Bang Phli, Bang Bo, Phra Samut Chedi...). */
const SAMUT_PRAKAN_POSTCODES = new Set([
  '10130',
  '10270',
  '10280',
  '10290',
  '10540',
  '10550',
  '10560',
])

export const REGIONS: readonly Region[] = [
  ...MY_STATES.map((s) => ({
    code: s.code,
    market: 'MY' as const,
    name: { en: s.en, bm: s.bm, th: s.th },
  })),
  ...TH_PROVINCES.map(([code, , en, th]) => ({
    code,
    market: 'TH' as const,
    name: { en, bm: en, th },
  })),
]

const BY_CODE = new Map(REGIONS.map((r) => [r.code, r]))

export function regionByCode(code: string | null | undefined): Region | null {
  return (code && BY_CODE.get(code)) || null
}

/** The state or province of a five-digit postcode in a market; null when no region has it. */
export function regionOfPostcode(market: Market, postcode: string): Region | null {
  if (!/^\d{5}$/.test(postcode)) return null
  if (market === 'MY') {
    const n = Number(postcode)
    const state = MY_STATES.find((s) => s.ranges.some(([from, to]) => n >= from && n <= to))
    return state ? regionByCode(state.code) : null
  }
  if (SAMUT_PRAKAN_POSTCODES.has(postcode)) return regionByCode('TH-11')
  const prefix = postcode.slice(0, 2)
  const province = TH_PROVINCES.find(([code, p]) => p === prefix && code !== 'TH-11')
  return province ? regionByCode(province[0]) : null
}
