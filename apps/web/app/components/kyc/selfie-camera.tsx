import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import { useI18n } from '~/utils/i18n.ts'
import type { Enqueue } from './document-slot.tsx'

type State = 'idle' | 'starting' | 'live'

/**
 * docs/product/credit.md (KYC): the selfie taken with the phone's camera. Where there is no
 * camera ('camera not found') or it cannot be opened ('camera error'), the slot's file picker
 * below stays the way to add a photo. Needs JavaScript; without it the picker opens the camera.
 */
export function SelfieCamera({ enqueue }: { enqueue: Enqueue }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const [state, setState] = useState<State>('idle')
  const [problem, setProblem] = useState<string | null>(null)

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop())
    stream.current = null
    setState('idle')
  }
  useEffect(() => stop, [])

  async function start() {
    setProblem(null)
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('kyc.camera.notFound')
      return
    }
    setState('starting')
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      })
      setState('live')
    } catch (error) {
      const name = error instanceof DOMException ? error.name : ''
      setProblem(
        name === 'NotFoundError' || name === 'OverconstrainedError'
          ? 'kyc.camera.notFound'
          : 'kyc.camera.error',
      )
      setState('idle')
    }
  }

  useEffect(() => {
    if (state === 'live' && video.current && stream.current) {
      video.current.srcObject = stream.current
      void video.current.play().catch(() => {})
    }
  }, [state])

  function capture() {
    const v = video.current
    if (!v || !v.videoWidth) {
      setProblem('kyc.camera.noImage')
      return
    }
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    canvas.getContext('2d')?.drawImage(v, 0, 0)
    canvas.toBlob(
      (blob) => {
        if (!blob || blob.size === 0) {
          setProblem('kyc.camera.noImage')
          return
        }
        stop()
        enqueue(blob, 'selfie.jpg')
      },
      'image/jpeg',
      0.9,
    )
  }

  if (!hydrated) return null
  return (
    <div className="kyc-camera">
      {state === 'live' ? (
        <>
          <video ref={video} className="kyc-video" playsInline muted />
          <p className="button-row">
            <button type="button" className="button" onClick={capture}>
              {t('kyc.camera.capture')}
            </button>
            <button type="button" className="button secondary" onClick={stop}>
              {t('kyc.page.cancel')}
            </button>
          </p>
        </>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void start()}
          disabled={state === 'starting'}
        >
          {t('kyc.camera.open')}
        </button>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </div>
  )
}
