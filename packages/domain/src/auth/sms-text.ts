import type { Locale } from '../i18n/locales.ts'
import type { OtpPurpose } from './rules.ts'

const TEXT: Record<Locale, Record<OtpPurpose, string>> = {
  en: {
    signup: '{product}: your sign-up code is {code}. It expires in 10 minutes. Never share it.',
    password_reset:
      '{product}: your password reset code is {code}. It expires in 10 minutes. Never share it.',
    pin_reset:
      '{product}: your PIN reset code is {code}. It expires in 10 minutes. Never share it.',
    late_repayment:
      '{product}: your code to apply for late repayment is {code}. It expires in 10 minutes. Never share it.',
    mobile_change:
      '{product}: your code to make this your account’s number is {code}. It expires in 10 minutes. Never share it.',
    device_add:
      '{product}: your code to add a device that pays from your account is {code}. It expires in 10 minutes. Never share it.',
  },
  bm: {
    signup:
      '{product}: kod pendaftaran anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
    password_reset:
      '{product}: kod set semula kata laluan anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
    pin_reset:
      '{product}: kod set semula PIN anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
    late_repayment:
      '{product}: kod permohonan bayaran balik lewat anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
    mobile_change:
      '{product}: kod untuk menjadikan ini nombor akaun anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
    device_add:
      '{product}: kod untuk menambah peranti yang membayar dari akaun anda ialah {code}. Sah selama 10 minit. Jangan kongsi dengan sesiapa.',
  },
  th: {
    signup: '{product}: รหัสสมัครสมาชิกของคุณคือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    password_reset: '{product}: รหัสตั้งรหัสผ่านใหม่ของคุณคือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    pin_reset: '{product}: รหัสตั้ง PIN ใหม่ของคุณคือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    late_repayment: '{product}: รหัสยื่นคำขอชำระคืนล่าช้าของคุณคือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    mobile_change:
      '{product}: รหัสสำหรับเปลี่ยนหมายเลขบัญชีของคุณเป็นหมายเลขนี้คือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    device_add: '{product}: รหัสเพิ่มอุปกรณ์ชำระเงินของคุณคือ {code} ใช้ได้ 10 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
  },
}

/** The SMS that carries a one-time code, in the language the farmer used. */
export function otpSmsText(
  locale: Locale,
  purpose: OtpPurpose,
  code: string,
  product: string,
): string {
  return TEXT[locale][purpose].replace('{product}', product).replace('{code}', code)
}
