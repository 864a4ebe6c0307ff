import type { LatLng } from '@padi/domain/geo/distance'

export type MapPoint = LatLng & { key: string; number: number; label: string }

export type LabelPosition = { x: number; y: number; anchor: 'start' | 'middle' | 'end' }

export type PlacedMarker = {
  key: string
  number: number
  label: string
  /** Where the marker is drawn: moved apart from close neighbours so every number is readable. */
  x: number
  y: number
  /** Where the branch really is; a thin line joins it to the marker when they differ. */
  pointX: number
  pointY: number
  /** Null when the name does not fit without covering another marker or name. */
  labelPosition: LabelPosition | null
}

export type MapLayout = {
  width: number
  height: number
  markers: PlacedMarker[]
  you: { x: number; y: number; labelPosition: LabelPosition | null } | null
  /** A round distance for the scale bar and its length in map units. */
  scale: { km: number; length: number }
  centre: LatLng
}

export const MAP_WIDTH = 360
const MAX_HEIGHT = 400
const MIN_HEIGHT = 200
const PADDING = 30
/** Kept free at the bottom for the scale bar. */
export const SCALE_BAND = 26
export const MARKER_RADIUS = 11
export const LABEL_FONT_SIZE = 13
const KM_PER_DEGREE = 111.32
/** The user's position is drawn only near the branches; far away it would squash them. */
const YOU_MARGIN_DEGREES = 1

/** One decimal is plenty for the SVG and keeps server and browser output identical. */
const round = (n: number) => Math.round(n * 10) / 10

type Box = { x1: number; y1: number; x2: number; y2: number }
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2
const around = (x: number, y: number, r: number): Box => ({
  x1: x - r,
  y1: y - r,
  x2: x + r,
  y2: y + r,
})

/** Rough width of a label in system-ui; Thai vowel and tone marks take no width. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0
  for (const ch of text) {
    if (/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(ch)) continue
    em += /[A-Z]/.test(ch) ? 0.68 : ch === ' ' ? 0.28 : 0.56
  }
  return em * fontSize
}

type Bounds = { minLat: number; maxLat: number; minLng: number; maxLng: number }

function boundsOf(points: readonly LatLng[]): Bounds {
  const b: Bounds = {
    minLat: Math.min(...points.map((p) => p.lat)),
    maxLat: Math.max(...points.map((p) => p.lat)),
    minLng: Math.min(...points.map((p) => p.lng)),
    maxLng: Math.max(...points.map((p) => p.lng)),
  }
  // One branch (or all in one town) still gets a sensible area around it.
  const minSpan = 0.5
  if (b.maxLat - b.minLat < minSpan) {
    const mid = (b.maxLat + b.minLat) / 2
    b.minLat = mid - minSpan / 2
    b.maxLat = mid + minSpan / 2
  }
  if (b.maxLng - b.minLng < minSpan) {
    const mid = (b.maxLng + b.minLng) / 2
    b.minLng = mid - minSpan / 2
    b.maxLng = mid + minSpan / 2
  }
  return b
}

const isNear = (p: LatLng, b: Bounds) =>
  p.lat >= b.minLat - YOU_MARGIN_DEGREES &&
  p.lat <= b.maxLat + YOU_MARGIN_DEGREES &&
  p.lng >= b.minLng - YOU_MARGIN_DEGREES &&
  p.lng <= b.maxLng + YOU_MARGIN_DEGREES

/**
 * Pushes markers that would cover each other (or the user's dot, which stays put) apart, a little
 * at a time, inside the map. Deterministic, so the server and the browser draw the same picture.
 */
function spreadMarkers(
  points: { x: number; y: number }[],
  fixed: { x: number; y: number } | null,
  width: number,
  height: number,
) {
  const gap = 2 * MARKER_RADIUS + 2
  const min = MARKER_RADIUS + 2
  const out = points.map((p) => ({ ...p }))
  const apart = (a: { x: number; y: number }, b: { x: number; y: number }, salt: number) => {
    const dx = b.x - a.x
    const dy = b.y - a.y
    const d = Math.hypot(dx, dy)
    if (d >= gap) return null
    // Same place: split along a fixed direction that depends on the order only.
    if (d < 0.01) return { ux: Math.cos(salt), uy: Math.sin(salt), push: gap }
    return { ux: dx / d, uy: dy / d, push: gap - d + 0.2 }
  }
  for (let pass = 0; pass < 100; pass++) {
    let moved = false
    for (let i = 0; i < out.length; i++) {
      const a = out[i]!
      for (let j = i + 1; j < out.length; j++) {
        const b = out[j]!
        const m = apart(a, b, j)
        if (!m) continue
        a.x -= (m.ux * m.push) / 2
        a.y -= (m.uy * m.push) / 2
        b.x += (m.ux * m.push) / 2
        b.y += (m.uy * m.push) / 2
        moved = true
      }
      const m = fixed ? apart(fixed, a, i + 0.5) : null
      if (m) {
        a.x += m.ux * m.push
        a.y += m.uy * m.push
        moved = true
      }
    }
    for (const p of out) {
      p.x = Math.min(width - min, Math.max(min, p.x))
      p.y = Math.min(height - SCALE_BAND - 2, Math.max(min, p.y))
    }
    if (!moved) break
  }
  return out.map((p) => ({ x: round(p.x), y: round(p.y) }))
}

/**
 * Equirectangular projection over the bounding box of one market's branches: x follows longitude
 * shrunk by cos(latitude) so distances look right, y follows latitude, north up. Good enough over a
 * few hundred kilometres and needs no map tiles (the page must work without the tile server).
 */
export function layoutMap(
  points: readonly MapPoint[],
  you: LatLng | null,
  youText = '',
): MapLayout {
  const branchBounds = boundsOf(points)
  const youShown = you !== null && isNear(you, branchBounds)
  const b = you && youShown ? boundsOf([...points, you]) : branchBounds

  const cosLat = Math.cos((((b.minLat + b.maxLat) / 2) * Math.PI) / 180)
  const spanX = (b.maxLng - b.minLng) * cosLat
  const spanY = b.maxLat - b.minLat
  const perDegree = Math.min(
    (MAP_WIDTH - 2 * PADDING) / spanX,
    (MAX_HEIGHT - 2 * PADDING - SCALE_BAND) / spanY,
  )
  const height = Math.round(Math.max(MIN_HEIGHT, spanY * perDegree + 2 * PADDING + SCALE_BAND))
  const offsetX = (MAP_WIDTH - spanX * perDegree) / 2
  const offsetY = (height - SCALE_BAND - spanY * perDegree) / 2
  const project = (p: LatLng) => ({
    x: round(offsetX + (p.lng - b.minLng) * cosLat * perDegree),
    y: round(offsetY + (b.maxLat - p.lat) * perDegree),
  })

  const projected = points.map(project)
  const youPoint = you && youShown ? project(you) : null
  const drawn = spreadMarkers(projected, youPoint, MAP_WIDTH, height)

  // A scale bar of a round length close to a quarter of the map width.
  const kmPerUnit = KM_PER_DEGREE / perDegree
  const target = (MAP_WIDTH / 4) * kmPerUnit
  const km = [5, 10, 20, 25, 50, 100, 200, 250, 500].reduce((best, step) =>
    Math.abs(step - target) < Math.abs(best - target) ? step : best,
  )
  const scaleLength = round(km / kmPerUnit)

  const r = MARKER_RADIUS
  const fs = LABEL_FONT_SIZE
  // Names may not cover markers, the user's dot, the scale bar or the north arrow.
  const taken: Box[] = [
    ...drawn.map((p) => around(p.x, p.y, r)),
    { x1: 0, y1: height - SCALE_BAND, x2: scaleLength + 70, y2: height },
    { x1: MAP_WIDTH - 36, y1: 0, x2: MAP_WIDTH, y2: 50 },
  ]
  if (youPoint) taken.push(around(youPoint.x, youPoint.y, 9))

  /** Right, left, above, below: the first place that stays inside and covers nothing wins. */
  const placeLabel = (x: number, y: number, radius: number, text: string): LabelPosition | null => {
    const w = estimateTextWidth(text, fs) + 4
    const baseline = y + fs * 0.35
    const candidates = [
      {
        x: x + radius + 4,
        y: baseline,
        anchor: 'start' as const,
        x1: x + radius + 2,
        x2: x + radius + 4 + w,
      },
      {
        x: x - radius - 4,
        y: baseline,
        anchor: 'end' as const,
        x1: x - radius - 4 - w,
        x2: x - radius - 2,
      },
      { x, y: y - radius - 5, anchor: 'middle' as const, x1: x - w / 2, x2: x + w / 2 },
      { x, y: y + radius + fs + 2, anchor: 'middle' as const, x1: x - w / 2, x2: x + w / 2 },
    ]
    for (const c of candidates) {
      const box: Box = { x1: c.x1, x2: c.x2, y1: c.y - fs, y2: c.y + fs * 0.3 }
      const inside = box.x1 >= 2 && box.x2 <= MAP_WIDTH - 2 && box.y1 >= 2 && box.y2 <= height - 2
      if (inside && !taken.some((t) => overlaps(t, box))) {
        taken.push(box)
        return { x: round(c.x), y: round(c.y), anchor: c.anchor }
      }
    }
    return null
  }
  // The user's own label first: it matters most when shown.
  const youLabel = youPoint && youText ? placeLabel(youPoint.x, youPoint.y, 9, youText) : null

  const markers: PlacedMarker[] = points.map((p, i) => {
    const { x, y } = drawn[i]!
    const labelPosition = placeLabel(x, y, r, p.label)
    const point = projected[i]!
    return {
      key: p.key,
      number: p.number,
      label: p.label,
      x,
      y,
      pointX: point.x,
      pointY: point.y,
      labelPosition,
    }
  })

  return {
    width: MAP_WIDTH,
    height,
    markers,
    you: youPoint ? { ...youPoint, labelPosition: youLabel } : null,
    scale: { km, length: scaleLength },
    centre: { lat: (b.minLat + b.maxLat) / 2, lng: (b.minLng + b.maxLng) / 2 },
  }
}
