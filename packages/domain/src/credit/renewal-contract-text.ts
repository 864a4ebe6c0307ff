import type { Locale } from '../i18n/locales.ts'

/**
 * docs/product/credit.md (Renewal): the words of the signed renewal contract (a PDF the API makes),
 * in the farmer's language. The contract also carries the English, which governs.
 */
export type ContractText = {
  title: string
  intro: string
  name: string
  mobile: string
  credit: string
  planting: string
  harvest: string
  terms: string[]
  agreed: string
  signedAt: string
  device: string
  address: string
  signature: string
  reference: string
}

export const CONTRACT_TEXT: Record<Locale, ContractText> = {
  en: {
    title: 'Credit contract renewal',
    intro:
      'The farmer named below asks to renew the harvest-repaid credit contract on these terms.',
    name: 'Name',
    mobile: 'Mobile number',
    credit: 'Credit limit',
    planting: 'Planting date',
    harvest: 'Harvest date (repayment due)',
    terms: [
      'Credit is used only for farm inputs bought in the shop.',
      'Everything used is repaid by the harvest date.',
      'Credit still owed after the due date carries a late fee of 1.5% a month.',
      'The renewal takes effect only when our finance team approves it.',
    ],
    agreed: 'The farmer agreed to these terms.',
    signedAt: 'Signed at',
    device: 'Signed on device',
    address: 'From address',
    signature: 'Signature',
    reference: 'Renewal reference',
  },
  bm: {
    title: 'Pembaharuan kontrak kredit',
    intro:
      'Petani yang dinamakan di bawah memohon untuk memperbaharui kontrak kredit bayar-selepas-tuai mengikut terma ini.',
    name: 'Nama',
    mobile: 'Nombor telefon bimbit',
    credit: 'Had kredit',
    planting: 'Tarikh menanam',
    harvest: 'Tarikh menuai (bayaran balik perlu dibuat)',
    terms: [
      'Kredit hanya digunakan untuk input ladang yang dibeli di kedai.',
      'Semua yang digunakan dibayar balik selewat-lewatnya pada tarikh menuai.',
      'Kredit yang masih terhutang selepas tarikh matang dikenakan caj lewat 1.5% sebulan.',
      'Pembaharuan hanya berkuat kuasa apabila pasukan kewangan kami meluluskannya.',
    ],
    agreed: 'Petani bersetuju dengan terma ini.',
    signedAt: 'Ditandatangani pada',
    device: 'Ditandatangani pada peranti',
    address: 'Dari alamat',
    signature: 'Tandatangan',
    reference: 'Rujukan pembaharuan',
  },
  th: {
    title: 'การต่ออายุสัญญาสินเชื่อ',
    intro: 'เกษตรกรตามชื่อด้านล่างขอต่ออายุสัญญาสินเชื่อที่ชำระคืนหลังเก็บเกี่ยวตามเงื่อนไขนี้',
    name: 'ชื่อ',
    mobile: 'หมายเลขโทรศัพท์มือถือ',
    credit: 'วงเงินสินเชื่อ',
    planting: 'วันที่ปลูก',
    harvest: 'วันที่เก็บเกี่ยว (กำหนดชำระคืน)',
    terms: [
      'ใช้สินเชื่อเพื่อซื้อปัจจัยการผลิตในร้านค้าเท่านั้น',
      'ชำระคืนยอดที่ใช้ทั้งหมดภายในวันที่เก็บเกี่ยว',
      'ยอดที่ค้างชำระหลังวันครบกำหนดมีค่าปรับชำระล่าช้า 1.5% ต่อเดือน',
      'การต่ออายุมีผลเมื่อทีมการเงินของเราอนุมัติแล้วเท่านั้น',
    ],
    agreed: 'เกษตรกรยอมรับเงื่อนไขเหล่านี้',
    signedAt: 'ลงนามเมื่อ',
    device: 'ลงนามบนอุปกรณ์',
    address: 'จากที่อยู่',
    signature: 'ลายมือชื่อ',
    reference: 'เลขอ้างอิงการต่ออายุ',
  },
}
