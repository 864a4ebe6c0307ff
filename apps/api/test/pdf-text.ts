import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * What a PDF says and shows, read with pdf.js: the text of every page (in order, joined with
 * spaces) and how many images are painted. For tests of generated documents.
 */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ text: string; images: number; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise
  let text = ''
  let images = 0
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n)
    const content = await page.getTextContent()
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + ' '
    const ops = await page.getOperatorList()
    images += ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length
  }
  await doc.destroy()
  return { text: text.replace(/\s+/g, ' '), images, pages: doc.numPages }
}
