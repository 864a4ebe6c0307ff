import type { Locale } from '../i18n/locales.ts'

/** docs/product/credit.md (KYC review): the decisions a farmer is told of by SMS. */
export const KYC_NOTICES = ['kyc_approved', 'kyc_rejected', 'kyc_documents'] as const
export type KycNotice = (typeof KYC_NOTICES)[number]

export function isKycNotice(purpose: string): purpose is KycNotice {
  return KYC_NOTICES.some((n) => n === purpose)
}

/** What a notice names: the credit opened, or the day from which the farmer may apply again. */
export type KycNoticeParams = { amount?: string; date?: string }

const TEXT: Record<Locale, Record<KycNotice, string>> = {
  en: {
    kyc_approved:
      '{product}: your credit application is approved. {amount} of credit is ready to use in the shop.',
    kyc_rejected:
      '{product}: your credit application was not approved. You may apply again from {date}. The reason is in the app.',
    kyc_documents:
      '{product}: we need more documents for your credit application. Open the app to add them.',
  },
  bm: {
    kyc_approved:
      '{product}: permohonan kredit anda diluluskan. Kredit {amount} sedia digunakan di kedai.',
    kyc_rejected:
      '{product}: permohonan kredit anda tidak diluluskan. Anda boleh memohon semula mulai {date}. Sebabnya ada dalam aplikasi.',
    kyc_documents:
      '{product}: kami perlukan dokumen tambahan untuk permohonan kredit anda. Buka aplikasi untuk menambahnya.',
  },
  th: {
    kyc_approved: '{product}: คำขอสินเชื่อของคุณได้รับอนุมัติแล้ว วงเงิน {amount} พร้อมใช้ในร้านค้า',
    kyc_rejected: '{product}: คำขอสินเชื่อของคุณไม่ได้รับอนุมัติ คุณยื่นคำขอใหม่ได้ตั้งแต่ {date} ดูเหตุผลได้ในแอป',
    kyc_documents: '{product}: เราต้องการเอกสารเพิ่มเติมสำหรับคำขอสินเชื่อของคุณ เปิดแอปเพื่อเพิ่มเอกสาร',
  },
}

/** The SMS of finance's decision, in the language the farmer applied in. */
export function kycNoticeText(
  locale: Locale,
  notice: KycNotice,
  params: KycNoticeParams,
  product: string,
): string {
  return TEXT[locale][notice]
    .replace('{product}', product)
    .replace('{amount}', params.amount ?? '')
    .replace('{date}', params.date ?? '')
}
