/**
 * What a PDF says and shows, read with pdf.js: the text of every page (in order, joined with
 * spaces) and how many images are painted. For tests of generated documents.
 */
export declare function readPdf(bytes: Uint8Array): Promise<{
  text: string
  images: number
  pages: number
}>
