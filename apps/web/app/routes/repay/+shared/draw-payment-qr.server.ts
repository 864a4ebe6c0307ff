import QRCode from 'qrcode'

// docs/product/repayments.md (Paying by QR): the code drawn on the server, so the page shows it
// before (and without) any script. Error correction M and a quiet zone of four modules, as
// EMVCo's merchant-presented QR asks, black on white for the cheapest camera.
const OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const

/** The QR as an SVG for the page. */
export function paymentQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...OPTIONS, type: 'svg' })
}

/** The QR as a PNG picture to save, large enough for a bank app to read from the gallery. */
export function paymentQrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...OPTIONS, type: 'png', width: 720 })
}
