/**
 * Loader data as one JSON text. React Router's hydration format writes each key and each value of
 * an object as an entry of its own, linked by numbers that compress poorly; a catalogue part or a
 * list of records sent as one string costs a page several hundred bytes less with brotli, which
 * keeps the first HTML within one round trip (ADR 011, docs/performance.md). Only for plain JSON
 * values: dates, `undefined` and maps do not survive the trip.
 */
export type Packed<T> = string & { readonly packedAs: T }

/** Written by a loader on the server. */
export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>
}

// Parsed once per text: a page's loader data holds the same strings on every render.
const unpacked = new Map<string, unknown>()
const KEPT = 64

/** Read where the data is drawn, on the server and in the browser alike. */
export function unpack<T>(packed: Packed<T>): T {
  if (unpacked.has(packed)) return unpacked.get(packed) as T
  const value = JSON.parse(packed) as T
  // A handful of parts per page; a long session only ever holds a few pages' worth.
  if (unpacked.size >= KEPT) unpacked.clear()
  unpacked.set(packed, value)
  return value
}
