import { useEffect, useRef, useState } from 'react'
import { useSubmit } from 'react-router'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { useI18n } from '~/utils/i18n.ts'

type State = 'idle' | 'starting' | 'scanning'

/**
 * docs/product/vouchers.md (the branch counter): the customer's QR code read with the phone's
 * back camera (qr-scanner, loaded when the operator starts it). A code read is sent at once;
 * no camera, or permission refused, says so, and the digits below stay the way in. Needs
 * JavaScript; a tap before it runs is kept, and without it the card says the digits are the way.
 */
export function QrScanner() {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const video = useRef<HTMLVideoElement>(null)
  const scanner = useRef<{ stop: () => void; destroy: () => void } | null>(null)
  const [state, setState] = useState<State>('idle')
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => () => scanner.current?.destroy(), [])
  // docs/product/script-policy.md (the counter): a tap on "Scan" before the scripts ran is kept.
  // The button it landed on holds the focus (not by the keyboard: that shows as :focus-visible)
  // when the page hydrates; the camera opens as soon as the scanner is drawn.
  const tappedEarly = useRef(false)
  const keepEarlyTap = (button: HTMLButtonElement | null) => {
    if (button && document.activeElement === button && !button.matches(':focus-visible'))
      tappedEarly.current = true
  }
  useEffect(() => {
    if (!hydrated || !tappedEarly.current) return
    tappedEarly.current = false
    void start()
    // Once, when the scanner is first drawn after the early tap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  async function start() {
    setProblem(null)
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('counter.camera.notFound')
      return
    }
    setState('starting')
    try {
      const { default: QrScannerLib } = await import('qr-scanner')
      if (!video.current) return
      let sent = false
      const instance = new QrScannerLib(
        video.current,
        (found) => {
          if (sent) return
          sent = true
          instance.stop()
          setState('idle')
          void submit({ intent: 'code', token: found.data }, { method: 'post' })
        },
        { preferredCamera: 'environment', maxScansPerSecond: 5, returnDetailedScanResult: true },
      )
      scanner.current = instance
      await instance.start()
      setState('scanning')
    } catch (error) {
      const name = error instanceof DOMException ? error.name : String(error)
      setProblem(
        /NotFound|Overconstrained|no camera/i.test(name)
          ? 'counter.camera.notFound'
          : 'counter.camera.error',
      )
      setState('idle')
    }
  }

  // docs/product/script-policy.md (the counter, at once): until the scripts have run the button is
  // there already; a tap on it says the camera is opening (the CSS shows it while the button holds
  // the focus) and is kept for the scripts. With scripts off there is no button, and the page says
  // the digits are the way.
  if (!hydrated)
    return (
      <div className="card counter-scanner">
        <button type="button" className="button counter-scan-early" ref={keepEarlyTap}>
          {t('counter.camera.scan')}
        </button>
        <p className="hint counter-scan-opening" role="status">
          {t('counter.camera.opening')}
        </p>
        <noscript>
          <style>{'.counter-scan-early{display:none}'}</style>
          <p className="hint">{t('counter.camera.needsScript')}</p>
        </noscript>
      </div>
    )
  return (
    <div className="card counter-scanner">
      <video
        ref={video}
        muted
        playsInline
        hidden={state !== 'scanning'}
        className="counter-video"
      />
      {state === 'scanning' ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            scanner.current?.stop()
            setState('idle')
          }}
        >
          {t('counter.camera.stop')}
        </button>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void start()}
          disabled={state === 'starting'}
        >
          {t('counter.camera.scan')}
        </button>
      )}
      {problem ? (
        <p className="form-error" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </div>
  )
}
