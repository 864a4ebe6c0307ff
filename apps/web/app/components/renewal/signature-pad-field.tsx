import { useEffect, useRef, useState } from 'react'
import type SignaturePad from 'signature_pad'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { useI18n } from '~/utils/i18n.ts'

type PadClass = typeof SignaturePad

/** Hidden when scripts are off: the <noscript> message says what is true then. */
const LOADING_CLASS = 'signature-loading'

/**
 * docs/product/credit.md (Renewal): the signature drawn with a finger on the pad (signature_pad,
 * loaded once the page is up so the first paint does not wait for it). Each stroke puts the
 * drawing, as a PNG data URL, in the form's hidden `signature` field; 'Clear' starts again.
 *
 * The pad shows only once it can be drawn on (docs/product/shell.md: until then the page is as
 * without scripts, and shows no control that does nothing yet). Until then the field says the pad
 * is loading; with scripts off (<noscript>) it says drawing needs them, and the form is refused
 * with 'a signature is required'; if the library cannot be fetched, it says so.
 */
export function SignaturePadField({ error }: { error?: string | undefined }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  const [Pad, setPad] = useState<PadClass | null>(null)
  const [failed, setFailed] = useState(false)
  const [value, setValue] = useState('')

  // The library, once the page runs.
  useEffect(() => {
    if (!hydrated) return
    let cancelled = false
    import('signature_pad').then(
      ({ default: loaded }) => {
        // A class is a function: handed to the setter as one, it would be called.
        if (!cancelled) setPad(() => loaded)
      },
      () => {
        if (!cancelled) setFailed(true)
      },
    )
    return () => {
      cancelled = true
    }
  }, [hydrated])

  // The pad, once the library is here and the canvas is shown: sized before, it would be 0 px wide.
  useEffect(() => {
    const el = canvas.current
    if (!Pad || !el) return
    const instance = new Pad(el, { penColor: '#111', minWidth: 1, maxWidth: 3 })
    pad.current = instance
    // Sharp on high-density screens: the canvas's pixels follow the device's, the drawing kept.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const data = instance.toData()
      el.width = el.offsetWidth * ratio
      el.height = el.offsetHeight * ratio
      el.getContext('2d')?.scale(ratio, ratio)
      instance.clear()
      instance.fromData(data)
    }
    resize()
    window.addEventListener('resize', resize)
    instance.addEventListener('endStroke', () =>
      setValue(instance.isEmpty() ? '' : instance.toDataURL('image/png')),
    )
    return () => {
      window.removeEventListener('resize', resize)
      instance.off()
      pad.current = null
    }
  }, [Pad])

  const ready = Pad !== null
  const describedBy = ['signature-hint', error ? 'signature-error' : null].filter(Boolean).join(' ')
  return (
    <div className="field signature-field">
      <span className="label" id="signature-label">
        {t('renewal.fields.signature')}
      </span>
      <p
        className={ready || failed ? 'hint' : `hint ${LOADING_CLASS}`}
        id="signature-hint"
        role="status"
      >
        {ready
          ? t('renewal.fields.signatureHint')
          : failed
            ? t('renewal.fields.signatureFailed')
            : t('renewal.fields.signatureLoading')}
      </p>
      <noscript>
        <style>{`.${LOADING_CLASS}{display:none}`}</style>
        <p className="hint">{t('renewal.fields.signatureNeedsScript')}</p>
      </noscript>
      <canvas
        ref={canvas}
        className="signature-pad"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby={describedBy}
        hidden={!ready}
      />
      <input type="hidden" name="signature" value={value} />
      {ready ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            pad.current?.clear()
            setValue('')
          }}
        >
          {t('renewal.fields.clear')}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" id="signature-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  )
}
