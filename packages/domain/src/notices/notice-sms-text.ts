import type { Locale } from '../i18n/locales.ts'

/**
 * docs/product/credit.md (KYC review, Repayment receipts): the back office's decisions a farmer
 * is told of by SMS.
 */
export const NOTICES = [
  'kyc_approved',
  'kyc_rejected',
  'kyc_documents',
  'receipt_approved',
  'receipt_rejected',
  'extension_approved',
  'extension_rejected',
  'renewal_approved',
  'renewal_rejected',
  'repayment_due_7',
  'repayment_due_1',
  'repayment_overdue',
  'order_ready',
  'order_shipped',
  'voucher_expiring',
  'device_added',
] as const
export type Notice = (typeof NOTICES)[number]

/**
 * docs/product/notices.md: reminders the farmer may turn off in settings; every other notice is
 * about a decision on the farmer's money or account and is always sent.
 */
export const REMINDERS: readonly Notice[] = [
  'repayment_due_7',
  'repayment_due_1',
  'order_ready',
  'order_shipped',
  'voucher_expiring',
]

export function isNotice(purpose: string): purpose is Notice {
  return NOTICES.some((n) => n === purpose)
}

/** What a notice names: an amount, a day, a late fee, an order, a branch, a tracking link. */
export type NoticeParams = {
  amount?: string
  date?: string
  fee?: string
  order?: string
  branch?: string
  link?: string
  voucher?: string
  /** docs/product/orders-and-payments.md (Biometrics): the name given to a device added to pay with. */
  device?: string
}

const TEXT: Record<Locale, Record<Notice, string>> = {
  en: {
    kyc_approved:
      '{product}: your credit application is approved. {amount} of credit is ready to use in the shop.',
    kyc_rejected:
      '{product}: your credit application was not approved. You may apply again from {date}. The reason is in the app.',
    kyc_documents:
      '{product}: we need more documents for your credit application. Open the app to add them.',
    receipt_approved:
      '{product}: your repayment of {amount} is confirmed. Your available credit has been restored.',
    receipt_rejected:
      '{product}: your repayment receipt could not be accepted. The reason is in the app.',
    extension_approved:
      '{product}: your late-repayment application is approved. Your repayment is now due on {date}.',
    extension_rejected:
      '{product}: your late-repayment application was not approved. Your repayment is still due on {date}.',
    renewal_approved:
      '{product}: your contract renewal is approved. {amount} of credit is ready to use in the shop.',
    renewal_rejected:
      '{product}: your contract renewal was not approved. You may renew again from {date}. The reason is in the app.',
    repayment_due_7:
      '{product}: your credit repayment of {amount} is due on {date}, in 7 days. Pay at a branch or upload your receipt in the app.',
    repayment_due_1:
      '{product}: your credit repayment of {amount} is due tomorrow, {date}. Pay at a branch or upload your receipt in the app.',
    repayment_overdue:
      '{product}: your repayment is overdue. A late fee of {fee} was added; you now owe {amount}. Please repay soon.',
    order_ready:
      '{product}: order {order} is ready for pickup at {branch}. Show your QR code at the counter.',
    order_shipped: '{product}: order {order} is on its way. Track it: {link}',
    voucher_expiring:
      '{product}: your voucher {voucher} of {amount} is valid until the end of {date}. Use it at a branch counter: show your QR code.',
    device_added:
      '{product}: "{device}" was added on {date} to pay by fingerprint or face. Not you? Remove it in Settings and call your branch.',
  },
  bm: {
    kyc_approved:
      '{product}: permohonan kredit anda diluluskan. Kredit {amount} sedia digunakan di kedai.',
    kyc_rejected:
      '{product}: permohonan kredit anda tidak diluluskan. Anda boleh memohon semula mulai {date}. Sebabnya ada dalam aplikasi.',
    kyc_documents:
      '{product}: kami perlukan dokumen tambahan untuk permohonan kredit anda. Buka aplikasi untuk menambahnya.',
    receipt_approved:
      '{product}: bayaran balik anda sebanyak {amount} telah disahkan. Kredit tersedia anda telah dipulihkan.',
    receipt_rejected:
      '{product}: resit bayaran balik anda tidak dapat diterima. Sebabnya ada dalam aplikasi.',
    extension_approved:
      '{product}: permohonan bayaran balik lewat anda diluluskan. Bayaran balik anda kini perlu dibuat pada {date}.',
    extension_rejected:
      '{product}: permohonan bayaran balik lewat anda tidak diluluskan. Bayaran balik anda masih perlu dibuat pada {date}.',
    renewal_approved:
      '{product}: pembaharuan kontrak anda diluluskan. Kredit {amount} sedia digunakan di kedai.',
    renewal_rejected:
      '{product}: pembaharuan kontrak anda tidak diluluskan. Anda boleh memperbaharui semula mulai {date}. Sebabnya ada dalam aplikasi.',
    repayment_due_7:
      '{product}: bayaran balik kredit {amount} perlu dibuat pada {date}, 7 hari lagi. Bayar di cawangan atau muat naik resit dalam aplikasi.',
    repayment_due_1:
      '{product}: bayaran balik kredit {amount} perlu dibuat esok, {date}. Bayar di cawangan atau muat naik resit dalam aplikasi.',
    repayment_overdue:
      '{product}: bayaran balik anda tertunggak. Caj lewat {fee} ditambah; jumlah hutang kini {amount}. Sila bayar segera.',
    order_ready:
      '{product}: pesanan {order} sedia untuk diambil di {branch}. Tunjukkan kod QR anda di kaunter.',
    order_shipped: '{product}: pesanan {order} sedang dihantar. Jejak: {link}',
    voucher_expiring:
      '{product}: baucar {voucher} bernilai {amount} sah sehingga akhir hari {date}. Gunakannya di kaunter cawangan: tunjukkan kod QR anda.',
    device_added:
      '{product}: "{device}" ditambah pada {date} untuk bayar dengan cap jari atau wajah. Bukan anda? Buang di Tetapan dan hubungi cawangan.',
  },
  th: {
    kyc_approved: '{product}: คำขอสินเชื่อของคุณได้รับอนุมัติแล้ว วงเงิน {amount} พร้อมใช้ในร้านค้า',
    kyc_rejected: '{product}: คำขอสินเชื่อของคุณไม่ได้รับอนุมัติ คุณยื่นคำขอใหม่ได้ตั้งแต่ {date} ดูเหตุผลได้ในแอป',
    kyc_documents: '{product}: เราต้องการเอกสารเพิ่มเติมสำหรับคำขอสินเชื่อของคุณ เปิดแอปเพื่อเพิ่มเอกสาร',
    receipt_approved: '{product}: ยืนยันการชำระคืน {amount} แล้ว วงเงินคงเหลือของคุณได้รับการคืนแล้ว',
    receipt_rejected: '{product}: ไม่สามารถรับหลักฐานการชำระคืนของคุณได้ ดูเหตุผลได้ในแอป',
    extension_approved: '{product}: คำขอชำระคืนล่าช้าของคุณได้รับอนุมัติ กำหนดชำระใหม่คือวันที่ {date}',
    extension_rejected: '{product}: คำขอชำระคืนล่าช้าของคุณไม่ได้รับอนุมัติ กำหนดชำระยังคงเป็นวันที่ {date}',
    renewal_approved: '{product}: การต่ออายุสัญญาของคุณได้รับอนุมัติ วงเงิน {amount} พร้อมใช้ในร้านค้า',
    renewal_rejected:
      '{product}: การต่ออายุสัญญาของคุณไม่ได้รับอนุมัติ คุณต่ออายุใหม่ได้ตั้งแต่ {date} ดูเหตุผลได้ในแอป',
    // Thai goes as UCS-2: 70 characters a segment, so these say only what must be said.
    repayment_due_7: '{product}: ครบกำหนดชำระ {amount} วันที่ {date} (อีก 7 วัน)',
    repayment_due_1: '{product}: ครบกำหนดชำระ {amount} พรุ่งนี้ {date}',
    repayment_overdue: '{product}: เลยกำหนดชำระ ค่าปรับ {fee} ยอดค้าง {amount}',
    order_ready: '{product}: คำสั่งซื้อ {order} พร้อมรับที่{branch}',
    order_shipped: '{product}: คำสั่งซื้อ {order} กำลังจัดส่ง {link}',
    voucher_expiring: '{product}: บัตรกำนัล {amount} ใช้ได้ถึงสิ้นวัน {date} ที่สาขา',
    // A device added (its name, when; not you: remove it in settings, call the branch).
    device_added: '{product}: เพิ่ม{device} {date} ไม่ใช่คุณ ลบในตั้งค่า/โทรสาขา',
  },
}

/** The SMS of a back-office decision, in the farmer's language. */
export function noticeText(
  locale: Locale,
  notice: Notice,
  params: NoticeParams,
  product: string,
): string {
  return (
    TEXT[locale][notice]
      .replace('{product}', product)
      .replace('{amount}', params.amount ?? '')
      .replace('{date}', params.date ?? '')
      .replace('{fee}', params.fee ?? '')
      .replace('{order}', params.order ?? '')
      .replace('{branch}', params.branch ?? '')
      .replace('{link}', params.link ?? '')
      .replace('{voucher}', params.voucher ?? '')
      // A name the customer typed: put in as it is ('$&' in it is not a replacement pattern).
      .replace('{device}', () => params.device ?? '')
  )
}
