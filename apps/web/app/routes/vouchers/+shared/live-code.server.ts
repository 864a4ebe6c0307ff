import QRCode from 'qrcode'
import type { CounterCode } from '@padi/domain/vouchers/voucher-schemas'
import type { LiveCode } from './live-qr.ts'

/**
 * docs/product/vouchers.md (the customer's QR code): the code's QR drawn here on the server as an
 * SVG, black on white with a quiet zone, so the phone needs no script (and no QR library) to show
 * it. The SVG comes from the qrcode library, drawn from our own token.
 */
export async function drawCode(code: CounterCode): Promise<LiveCode> {
  const svg = await QRCode.toString(code.token, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
  return { ...code, svg }
}
