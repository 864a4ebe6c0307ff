import type { Page } from '@playwright/test'

/**
 * What a page does wrong on a 360 px phone, as a list of findings (empty when it fits):
 * docs/product/shell.md (the phone). Checked in the page itself, so one evaluate per page.
 *
 * - **wide**: an element reaching past the screen's right edge (outside a row that scrolls on its
 *   own, such as a wide table in its scroller);
 * - **broken word**: a word split across two lines (text broken inside, "Keluark / an");
 * - **split money**: an amount ("RM10,000.00", "฿35,000.00") split across lines;
 * - **small target**: a control under 44 px tall, unless it is a link inside running text;
 * - **cut select**: a list whose chosen option does not fit in it ("Harga: rendah ke ting…").
 */
export async function phoneFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const width = document.documentElement.clientWidth
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`
    const inScroller = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true
      return false
    }
    const shown = (e: Element) => {
      if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false
      const r = e.getBoundingClientRect()
      // The skip link waits off screen until it has the focus.
      return r.width > 0 && r.height > 0 && r.left > -100
    }
    const area = 'header *, main *, footer *, [role=dialog] *'
    for (const e of document.querySelectorAll(area)) {
      if (!shown(e) || inScroller(e)) continue
      const r = e.getBoundingClientRect()
      if (r.right > width + 0.5) found.push(`wide: ${name(e)} reaches ${Math.round(r.right)} px`)
    }

    // Words and amounts: each text node's words, measured with a range.
    const lineTops = (range: Range) => {
      const tops = new Set<number>()
      for (const r of range.getClientRects()) if (r.width > 0.5) tops.add(Math.round(r.top))
      return tops
    }
    const segmenter = new Intl.Segmenter(document.documentElement.lang || 'en', {
      granularity: 'word',
    })
    const money = /(RM|฿)-?\d[\d,]*(\.\d{2})?/g
    const roots = document.querySelectorAll('header, main, footer, [role=dialog]')
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        const parent = node.parentElement
        if (!parent || !text.trim() || !shown(parent) || inScroller(parent)) continue
        // Hidden from sight but kept for screen readers.
        if (parent.closest('.visually-hidden, .sr-only, script, style, noscript, code, pre'))
          continue
        const range = document.createRange()
        for (const m of text.matchAll(money)) {
          range.setStart(node, m.index!)
          range.setEnd(node, m.index! + m[0].length)
          if (lineTops(range).size > 1) found.push(`split money: "${m[0]}" in ${name(parent)}`)
        }
        for (const w of segmenter.segment(text)) {
          // Long unbroken strings (a link, a file name, a serial) may wrap where they must.
          if (!w.isWordLike || w.segment.length < 2 || w.segment.length > 24) continue
          range.setStart(node, w.index)
          range.setEnd(node, w.index + w.segment.length)
          if (lineTops(range).size > 1) found.push(`broken word: "${w.segment}" in ${name(parent)}`)
        }
      }
    }

    // Tap targets: controls, and a tick box or radio by its label.
    const controls = document.querySelectorAll(
      'a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button], [role=tab]',
    )
    for (const e of controls) {
      if (!shown(e)) continue
      // A stretched link (its ::after covers the card it names) is tapped anywhere on the card.
      const after = getComputedStyle(e, '::after')
      const stretched =
        after.content !== 'none' && after.position === 'absolute' && e instanceof HTMLElement
      const box =
        e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio')
          ? (e.closest('label') ?? e)
          : stretched
            ? ((e as HTMLElement).offsetParent ?? e)
            : e
      const r = box.getBoundingClientRect()
      if (r.height >= 43.5) continue
      // A link inside a sentence is read, not aimed at: running text keeps its line height.
      const block = e.parentElement
      const inText =
        e.tagName === 'A' &&
        block !== null &&
        [...block.childNodes].some(
          (n) => n !== e && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        )
      if (inText) continue
      found.push(`small target: ${name(e)} ${Math.round(r.height)} px tall`)
    }
    // A list's chosen option, measured in the list's font, against the room beside its arrow.
    const pen = document.createElement('canvas').getContext('2d')!
    for (const s of document.querySelectorAll('select')) {
      if (!shown(s) || s.multiple) continue
      const style = getComputedStyle(s)
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const text = s.selectedOptions[0]?.text ?? ''
      const arrow = style.appearance === 'none' ? 0 : 20
      const room =
        s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow
      if (pen.measureText(text).width > room + 1) found.push(`cut select: "${text}" in ${name(s)}`)
    }
    return found
  })
}
