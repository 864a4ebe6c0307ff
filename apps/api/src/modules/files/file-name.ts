/** The name a farmer's file had, as a label only: no folders, no control characters, 100 at most. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return clean.slice(-100) || 'file'
}
