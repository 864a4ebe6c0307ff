import type { ReactNode } from 'react'

/**
 * docs/product/shell.md (Before the scripts arrive): a line that says what a change made before the
 * page's scripts ran has not updated yet ("Press Calculate…"). Hidden unless the page's CSS shows
 * it for a form the starter marked (TYPED_FORM_ATTRIBUTE); the mark goes when the form takes the
 * change over, so the line never shows once the scripts run, nor without JavaScript. `inline`
 * where only phrasing content may go (an <output>).
 */
export function BeforeScripts({
  className,
  inline = false,
  children,
}: {
  className: string
  inline?: boolean
  children: ReactNode
}) {
  const Tag = inline ? 'span' : 'p'
  return <Tag className={`before-scripts ${className}`}>{children}</Tag>
}
