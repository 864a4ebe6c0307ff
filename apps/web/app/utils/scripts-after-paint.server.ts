import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './scripts-after-paint.ts'

// React escapes every text and attribute it renders, so these exact tags can only come from
// React Router's <Scripts>, never from product data or a visitor's input.
const PRELOAD = /<link rel="modulepreload"/g
const MODULE = /<script([^<>]*) type="module" async="">/g

/** Parks the module preloads and the module script of one document (see scripts-after-paint.ts). */
export function parkScriptTags(html: string): string {
  return html
    .replace(PRELOAD, `<link rel="${DEFERRED_PRELOAD_REL}"`)
    .replace(MODULE, `<script$1 type="${DEFERRED_MODULE_TYPE}">`)
}

/**
 * A stream that parks the script tags of the document flowing through it. A chunk may end inside
 * a tag; that tail is held back until the tag's end arrives.
 */
export function parkScriptTagsStream(onEnd: () => void = () => {}): Transform {
  const decoder = new StringDecoder('utf8')
  let tail = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = tail + decoder.write(chunk)
      const open = text.lastIndexOf('<')
      const cut = open > text.lastIndexOf('>') ? open : text.length
      tail = text.slice(cut)
      callback(null, parkScriptTags(text.slice(0, cut)))
    },
    flush(callback) {
      onEnd()
      callback(null, parkScriptTags(tail + decoder.end()))
    },
  })
}
