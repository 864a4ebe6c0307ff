import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, useRevalidator } from 'react-router'
import type { KycDocument } from '@padi/domain/kyc/kyc-schemas'
import type { KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import type { Message } from '~/components/auth/form-alert.tsx'
import { useI18n } from '~/utils/i18n.ts'
import { shrinkImage } from './shrink-image.ts'

type Pending = {
  id: number
  name: string
  file: Blob
  /** 0–1 while sending. */
  progress: number
  failed: Message | null
}

export type Enqueue = (file: Blob, name: string) => void

/** Ids of the files being sent, for their rows (browser only: nothing is sent on the server). */
let nextPendingId = 1

const ACCEPT = 'application/pdf,image/jpeg,image/png'

/**
 * docs/product/credit.md (KYC documents): one kind of document, what is uploaded and the way to
 * add more. With JavaScript each file is sent on its own with its progress, and one that fails can
 * be sent again alone; without it, the form posts the file to the page.
 */
export function DocumentSlot({
  kind,
  documents,
  needed,
  requested,
  editable,
  children,
}: {
  kind: KycDocumentKind
  documents: KycDocument[]
  needed: boolean
  requested: boolean
  editable: boolean
  /** The camera, for the selfie: it hands its picture to this slot's queue. */
  children?: (enqueue: Enqueue) => ReactNode
}) {
  const { t, locale } = useI18n()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState<Pending[]>([])
  const inputId = `file-${kind}`

  const update = (id: number, change: Partial<Pending> | null) =>
    setPending((list) =>
      change === null
        ? list.filter((p) => p.id !== id)
        : list.map((p) => (p.id === id ? { ...p, ...change } : p)),
    )

  const send = useCallback(
    (item: Pending) => {
      update(item.id, { progress: 0, failed: null })
      const xhr = new XMLHttpRequest()
      const query = new URLSearchParams({ kind, name: item.name })
      xhr.open('POST', `/${locale}/kyc/upload?${query}`)
      xhr.timeout = 10 * 60_000
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) update(item.id, { progress: e.loaded / e.total })
      }
      const fail = (message: Message) => update(item.id, { failed: message })
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          update(item.id, null)
          void revalidator.revalidate()
          return
        }
        try {
          const body = JSON.parse(xhr.responseText) as { message?: Message }
          fail(body.message ?? { key: 'kyc.upload.failed' })
        } catch {
          fail({ key: 'kyc.upload.failed' })
        }
      }
      xhr.onerror = () => fail({ key: 'kyc.upload.network' })
      xhr.ontimeout = xhr.onerror
      xhr.send(item.file)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, locale],
  )

  const enqueue: Enqueue = useCallback(
    (file, name) => {
      void shrinkImage(file).then((small) => {
        const item: Pending = { id: nextPendingId++, name, file: small, progress: 0, failed: null }
        setPending((list) => [...list, item])
        send(item)
      })
    },
    [send],
  )

  // A file chosen before the page's scripts arrived (a slow network) is sent once they do, rather
  // than left in a picker whose Upload button has gone.
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const el = input.current
    if (!hydrated || !el?.files?.length) return
    for (const file of Array.from(el.files)) enqueue(file, file.name)
    el.value = ''
  }, [hydrated, enqueue])

  return (
    <fieldset className={`card kyc-slot${requested ? ' kyc-slot-requested' : ''}`}>
      <legend>
        {t(`kyc.documents.${kind}.label`)}
        {needed ? <span className="kyc-needed"> · {t('kyc.page.needed')}</span> : null}
      </legend>
      <p className="hint">{t(`kyc.documents.${kind}.hint`)}</p>
      {requested ? <p className="kyc-requested">{t('kyc.page.requestedByFinance')}</p> : null}
      {documents.length > 0 ? (
        <ul className="kyc-files">
          {documents.map((d) => (
            <li key={d.id} className="kyc-file">
              <span className="kyc-file-ok" aria-hidden="true">
                ✓
              </span>
              <a href={`/${locale}/kyc/documents/${d.id}?view`} target="_blank" rel="noreferrer">
                {d.file_name || t(`kyc.documents.${kind}.label`)}
              </a>
              <span className="hint">{sizeText(d.bytes)}</span>
              {editable ? (
                <Form method="post" className="kyc-file-remove">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="button link-button">
                    {t('kyc.page.remove')}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {pending.length > 0 ? (
        <ul className="kyc-files" aria-live="polite">
          {pending.map((p) => (
            <li key={p.id} className="kyc-file">
              <span>{p.name}</span>
              {p.failed ? (
                <>
                  <span className="field-error" role="alert">
                    {t(p.failed.key, p.failed.params)}
                  </span>
                  <button type="button" className="button secondary" onClick={() => send(p)}>
                    {t('kyc.page.retry')}
                  </button>
                  <button
                    type="button"
                    className="button link-button"
                    onClick={() => update(p.id, null)}
                  >
                    {t('kyc.page.cancel')}
                  </button>
                </>
              ) : (
                <progress
                  max={1}
                  value={p.progress}
                  aria-label={t('kyc.page.sending', { name: p.name })}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <>
          {children?.(enqueue)}
          {/* Without JavaScript this posts the file to the page; with it, each file is sent alone. */}
          <form method="post" encType="multipart/form-data" className="kyc-upload">
            <input type="hidden" name="intent" value="upload" />
            <input type="hidden" name="kind" value={kind} />
            <input
              ref={input}
              id={inputId}
              className="kyc-file-input"
              aria-label={t(kind === 'selfie' ? 'kyc.page.pickPhoto' : 'kyc.page.pickFile')}
              type="file"
              name="file"
              accept={kind === 'selfie' ? 'image/jpeg,image/png' : ACCEPT}
              // Phones open the front camera for the selfie, without any script.
              {...(kind === 'selfie' ? { capture: 'user' as const } : {})}
              multiple={hydrated && kind !== 'selfie'}
              onChange={(e) => {
                if (!hydrated) return
                for (const file of Array.from(e.currentTarget.files ?? [])) enqueue(file, file.name)
                e.currentTarget.value = ''
              }}
            />
            {hydrated ? null : (
              <button type="submit" className="button">
                {t('kyc.page.upload')}
              </button>
            )}
          </form>
        </>
      ) : null}
    </fieldset>
  )
}

function sizeText(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
