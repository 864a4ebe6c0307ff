import type { LatLng } from '@padi/domain/geo/distance'
import { useI18n } from '~/utils/i18n.ts'
import { openStreetMapUrl } from './contact-format.ts'
import { LABEL_FONT_SIZE, MARKER_RADIUS, layoutMap, type MapPoint } from './map-layout.ts'

type Props = {
  id: string
  marketName: string
  points: MapPoint[]
  you: LatLng | null
  /** MAP_TILE_URL; when set, a plain link to OpenStreetMap is offered (no tiles are loaded). */
  mapTileUrl: string
}

const INK = '#57534e'
const MARKER = '#15502a'

/**
 * A small schematic map drawn as inline SVG: numbered markers on an equirectangular projection of
 * the market's branches. No tiles, scripts or images are fetched (works offline, no extra bytes).
 */
export function BranchMap({ id, marketName, points, you, mapTileUrl }: Props) {
  const { t } = useI18n()
  if (points.length === 0) return null
  // Number order, so labels do not jump around when the list is re-sorted by distance.
  const map = layoutMap(
    [...points].sort((a, b) => a.number - b.number),
    you,
    t('contact.map.you'),
  )
  const titleId = `${id}-title`
  return (
    <figure className="contact-map" id={id}>
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        width={map.width}
        height={map.height}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{t('contact.map.title', { market: marketName })}</title>
        <rect width={map.width} height={map.height} fill="#eef4e6" />
        <g transform={`translate(${map.width - 20} 24)`}>
          <path d="M0 -14 L6 4 L0 0 L-6 4 Z" fill={INK} />
          <text y="18" textAnchor="middle" fontSize="12" fill={INK}>
            N
          </text>
        </g>
        <g transform={`translate(12 ${map.height - 10})`}>
          <path d={`M0 -5 V0 H${map.scale.length} V-5`} fill="none" stroke={INK} strokeWidth="2" />
          <text x={map.scale.length + 6} y="2" fontSize="12" fill={INK}>
            {t('contact.map.scale', { km: map.scale.km })}
          </text>
        </g>
        {/* Where a marker had to move off its branch, a dot and a line show the real place. */}
        {map.markers.map((m) =>
          m.x !== m.pointX || m.y !== m.pointY ? (
            <g key={`${m.key}-point`}>
              <line
                x1={m.pointX}
                y1={m.pointY}
                x2={m.x}
                y2={m.y}
                stroke={MARKER}
                strokeWidth="1.5"
              />
              <circle cx={m.pointX} cy={m.pointY} r="2.5" fill={MARKER} />
            </g>
          ) : null,
        )}
        {map.markers.map((m) => (
          <g key={m.key}>
            <title>{`${m.number}. ${m.label}`}</title>
            <circle
              cx={m.x}
              cy={m.y}
              r={MARKER_RADIUS}
              fill={MARKER}
              stroke="#fff"
              strokeWidth="2"
            />
            <text
              x={m.x}
              y={m.y + 4.5}
              textAnchor="middle"
              fontSize="12"
              fontWeight="700"
              fill="#fff"
            >
              {m.number}
            </text>
            {m.labelPosition ? (
              <text
                className="contact-map-label"
                x={m.labelPosition.x}
                y={m.labelPosition.y}
                textAnchor={m.labelPosition.anchor}
                fontSize={LABEL_FONT_SIZE}
              >
                {m.label}
              </text>
            ) : null}
          </g>
        ))}
        {map.you ? (
          <g>
            <circle
              cx={map.you.x}
              cy={map.you.y}
              r="8"
              fill="#1a4f8b"
              stroke="#fff"
              strokeWidth="3"
            />
            {map.you.labelPosition ? (
              <text
                className="contact-map-label"
                x={map.you.labelPosition.x}
                y={map.you.labelPosition.y}
                textAnchor={map.you.labelPosition.anchor}
                fontSize={LABEL_FONT_SIZE}
                fontWeight="700"
              >
                {t('contact.map.you')}
              </text>
            ) : null}
          </g>
        ) : null}
      </svg>
      <figcaption className="hint">
        {t('contact.map.caption')}
        {map.you ? ` ${t('contact.map.youCaption')}` : null}
        {mapTileUrl ? (
          <>
            {' '}
            <a className="contact-link" href={openStreetMapUrl(map.centre, 7)}>
              {t('contact.map.openStreetMap')}
            </a>
          </>
        ) : null}
      </figcaption>
    </figure>
  )
}
