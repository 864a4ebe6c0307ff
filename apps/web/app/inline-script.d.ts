/** A module bundled into one minified string for an inline script (inline-script-plugin.ts). */
declare module '*?inline-script' {
  const code: string
  export default code
}
