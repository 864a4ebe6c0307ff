import { useEffect, useRef, useState } from 'react'
import type SignaturePad from 'signature_pad'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { useI18n } from '~/utils/i18n.ts'

/**
 * docs/product/credit.md (Renewal): the signature drawn with a finger on the pad (signature_pad,
 * loaded once the page is up so the first paint does not wait for it). Each stroke puts the
 * drawing, as a PNG data URL, in the form's hidden `signature` field; 'Clear' starts again.
 * Without JavaScript nothing can be drawn: the field says so, and the form is refused with
 * 'a signature is required'.
 */
export function SignaturePadField({ error }: { error?: string | undefined }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  const [value, setValue] = useState('')

  useEffect(() => {
    // The pad is shown once hydrated; sized before that, it would be 0 pixels wide.
    if (!hydrated) return
    let cancelled = false
    let resize: (() => void) | null = null
    void import('signature_pad').then(({ default: Pad }) => {
      const el = canvas.current
      if (cancelled || !el) return
      const instance = new Pad(el, { penColor: '#111', minWidth: 1, maxWidth: 3 })
      pad.current = instance
      // Sharp on high-density screens: the canvas's pixels follow the device's, the drawing kept.
      resize = () => {
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
    })
    return () => {
      cancelled = true
      if (resize) window.removeEventListener('resize', resize)
      pad.current?.off()
    }
  }, [hydrated])

  const describedBy = ['signature-hint', error ? 'signature-error' : null].filter(Boolean).join(' ')
  return (
    <div className="field signature-field">
      <span className="label" id="signature-label">
        {t('renewal.fields.signature')}
      </span>
      <p className="hint" id="signature-hint">
        {hydrated ? t('renewal.fields.signatureHint') : t('renewal.fields.signatureNeedsScript')}
      </p>
      <canvas
        ref={canvas}
        className="signature-pad"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby={describedBy}
        hidden={!hydrated}
      />
      <input type="hidden" name="signature" value={value} />
      {hydrated ? (
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
