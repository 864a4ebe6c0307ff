export type LatLng = { lat: number; lng: number }

/** docs/product/branches-and-contact.md location state: lat and lng rounded to 8 decimals. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e8) / 1e8
}

const EARTH_RADIUS_KM = 6371.0088

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Nearest first; items without a known origin keep their order. */
export function sortByDistance<T extends LatLng>(items: readonly T[], origin: LatLng | null): T[] {
  if (!origin) return [...items]
  return [...items]
    .map((item) => ({ item, d: distanceKm(origin, item) }))
    .sort((x, y) => x.d - y.d)
    .map((x) => x.item)
}
