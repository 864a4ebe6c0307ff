import { readFileSync } from 'node:fs'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { CONTRACT_TEXT } from '@padi/domain/credit/renewal-contract-text'
import type { Locale } from '@padi/domain/i18n/locales'

// Latin and Thai letters in one face, so a name shows as the farmer wrote it (assets/fonts).
const FONT = readFileSync(new URL('../../../assets/fonts/garuda.ttf', import.meta.url))

export type SignedContract = {
  locale: Locale
  reference: string
  name: string
  mobile: string
  credit: string
  plantingOn: string
  harvestOn: string
  signedAt: Date
  /** The signed time as the farmer reads it (their calendar), beside the exact UTC instant. */
  signedAtLocal: string
  device: string
  clientIp: string
  signaturePng: Uint8Array
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 }
const INK = rgb(0.1, 0.12, 0.1)
const MUTED = rgb(0.35, 0.38, 0.35)

/** Lines of `text` no wider than `width`; words (or, for Thai without spaces, letters) kept whole. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
  for (const word of text.split(/(\s+)/)) {
    if (fits(line + word)) {
      line += word
      continue
    }
    if (line.trim()) lines.push(line.trimEnd())
    line = ''
    for (const ch of word.trimStart()) {
      if (!fits(line + ch)) {
        lines.push(line)
        line = ''
      }
      line += ch
    }
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

/**
 * docs/product/credit.md (Renewal): the signed renewal contract, as a PDF kept with the renewal:
 * the farmer, the credit, the dates, the terms in their language and in English, that they
 * agreed, the drawn signature, the time it was signed and the device and address it came from.
 */
export async function signedContractPdf(input: SignedContract): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const font = await doc.embedFont(FONT, { subset: true })
  const text = CONTRACT_TEXT[input.locale]
  doc.setTitle(`${CONTRACT_TEXT.en.title} ${input.reference}`)
  doc.setAuthor(input.name)
  doc.setCreator('SawahMart')
  doc.setProducer('SawahMart')
  doc.setCreationDate(input.signedAt)
  doc.setModificationDate(input.signedAt)

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin
  const width = PAGE.width - PAGE.margin * 2
  const write = (s: string, size = 10.5, color = INK, indent = 0) => {
    for (const line of wrap(s, font, size, width - indent)) {
      if (y < PAGE.margin + size) {
        page = doc.addPage([PAGE.width, PAGE.height])
        y = PAGE.height - PAGE.margin
      }
      page.drawText(line, { x: PAGE.margin + indent, y, size, font, color })
      y -= size * 1.5
    }
  }
  const gap = (h = 8) => {
    y -= h
  }

  write(text.title, 18)
  if (input.locale !== 'en') write(CONTRACT_TEXT.en.title, 11, MUTED)
  write(`${text.reference}: ${input.reference}`, 9, MUTED)
  gap()
  write(text.intro)
  gap()
  for (const [label, value] of [
    [text.name, input.name],
    [text.mobile, input.mobile],
    [text.credit, input.credit],
    [text.planting, input.plantingOn],
    [text.harvest, input.harvestOn],
  ] as const)
    write(`${label}: ${value}`)
  gap()
  text.terms.forEach((term, i) => write(`${i + 1}. ${term}`, 10.5, INK, 8))
  if (input.locale !== 'en') {
    gap(4)
    CONTRACT_TEXT.en.terms.forEach((term, i) => write(`${i + 1}. ${term}`, 9, MUTED, 8))
  }
  gap()
  write(text.agreed)
  gap()
  write(`${text.signedAt}: ${input.signedAtLocal} (${input.signedAt.toISOString()})`)
  write(`${text.device}: ${input.device}`)
  write(`${text.address}: ${input.clientIp}`)
  gap()

  const image = await doc.embedPng(input.signaturePng)
  const scale = Math.min(260 / image.width, 110 / image.height, 1)
  const w = image.width * scale
  const h = image.height * scale
  if (y - h - 30 < PAGE.margin) {
    page = doc.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - PAGE.margin
  }
  write(text.signature)
  page.drawImage(image, { x: PAGE.margin, y: y - h, width: w, height: h })
  page.drawLine({
    start: { x: PAGE.margin, y: y - h - 4 },
    end: { x: PAGE.margin + 260, y: y - h - 4 },
    thickness: 0.5,
    color: MUTED,
  })
  return doc.save()
}
