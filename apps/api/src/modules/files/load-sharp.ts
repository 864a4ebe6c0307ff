import type sharpModule from 'sharp'

export type Sharp = typeof sharpModule

let loading: Promise<Sharp> | null = null

/**
 * sharp (libvips), loaded at the first image a server decodes rather than at its start: about
 * 18 MB of memory and 14 MB of library mapped in, which a server that has taken no upload or
 * photo does not need (docs/performance.md, Memory). The first image after a start waits for the
 * load once (0.25 s measured on a slow day, ADR 085); every later one finds it loaded.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => m.default)
  return loading
}
