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

/**
 * Read where the data is drawn, on the server and in the browser alike. Parsed at each render, as
 * the translator is made at each render: a Thai page's texts take well under a millisecond to
 * parse even on a phone slowed ten times, and a cache would cost every page's first load its code.
 */
export function unpack<T>(packed: Packed<T>): T {
  return JSON.parse(packed) as T
}
