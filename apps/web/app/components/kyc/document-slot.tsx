import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, useNavigation, useRevalidator } from 'react-router'
import type { KycDocument } from '@padi/domain/kyc/kyc-schemas'
import type { KycDocumentKind } from '@padi/domain/kyc/kyc-documents'
import { useHydrated } from '~/components/contact/use-hydrated.ts'
import type { Message } from '~/components/auth/form-alert.tsx'
import { useI18n } from '~/utils/i18n.ts'
import { useSentBeforeHydration, wasSentBeforeHydration } from '~/utils/typed-before-hydration.ts'
import { shrinkImage } from './shrink-image.ts'

type Pending = {
  id: number
  name: string
  file: Blob
  /** The chosen file's key: sent again ('Try again'), it is still one document. */
  attempt: string
  /** 0–1 while sending. */
  progress: number
  failed: Message | null
}

export type Enqueue = (file: Blob, name: string) => void

/** Ids of the files being sent, for their rows (browser only: nothing is sent on the server). */
let nextPendingId = 1

const ACCEPT = 'application/pdf,image/jpeg,image/png'

/** A new key for one chosen file (the API's Idempotency-Key shape; any page, secure or not). */
function newAttempt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * docs/product/credit.md (KYC documents): one kind of document, what is uploaded and the way to
 * add more. With JavaScript each file is sent on its own with its progress, and one that fails can
 * be sent again alone; without it, the form posts the file to the page.
 *
 * One chosen file is one upload, whenever the scripts arrive (docs/product/shell.md): a file is
 * sent by whoever takes it out of the picker, once. Before the scripts, the page is as without
 * them: the picker and its Upload button, which posts the form. When they arrive, a file the form
 * has already posted is left to that post (its answer, the page with the document, is on its way)
 * and shown as being sent; a file chosen but not posted is sent by the script. Either way it goes
 * with the key the form carries (`attempt`), so that even a second sending of it (the form posted
 * at the very moment the scripts took it) is kept once by the API.
 */
export function DocumentSlot({
  kind,
  documents,
  needed,
  requested,
  editable,
  attempt,
  children,
}: {
  kind: KycDocumentKind
  documents: KycDocument[]
  needed: boolean
  requested: boolean
  editable: boolean
  /** The key of the file this slot's form posts (one per slot and page). */
  attempt: string
  /** The camera, for the selfie: it hands its picture to this slot's queue. */
  children?: (enqueue: Enqueue) => ReactNode
}) {
  const { t, locale } = useI18n()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState<Pending[]>([])
  /** The file the form posted before the scripts arrived, shown while its answer is on its way. */
  const [postedName, setPostedName] = useState<string | null>(null)
  const uploadForm = useRef<HTMLFormElement>(null)
  const posted = useSentBeforeHydration(uploadForm) ? postedName : null
  const inputId = `file-${kind}`

  const update = (id: number, change: Partial<Pending> | null) =>
    setPending((list) =>
      change === null
        ? list.filter((p) => p.id !== id)
        : list.map((p) => (p.id === id ? { ...p, ...change } : p)),
    )

  const send = useCallback(
    (first: Pending) => {
      const go = (item: Pending, rekeyed: boolean) => {
        update(item.id, { progress: 0, failed: null, attempt: item.attempt })
        const xhr = new XMLHttpRequest()
        const query = new URLSearchParams({ kind, name: item.name, attempt: item.attempt })
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
            // The key had come with another file (the form of a page kept from before): nothing
            // of this one was kept, so it goes again, once, under a key of its own.
            if (body.message?.key === 'kyc.upload.pageOutdated' && !rekeyed)
              return go({ ...item, attempt: newAttempt() }, true)
            fail(body.message ?? { key: 'kyc.upload.failed' })
          } catch {
            fail({ key: 'kyc.upload.failed' })
          }
        }
        xhr.onerror = () => fail({ key: 'kyc.upload.network' })
        xhr.ontimeout = xhr.onerror
        xhr.send(item.file)
      }
      go(first, false)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, locale],
  )

  const queue = useCallback(
    (file: Blob, name: string, key: string) => {
      void shrinkImage(file).then((small) => {
        const item: Pending = {
          id: nextPendingId++,
          name,
          file: small,
          attempt: key,
          progress: 0,
          failed: null,
        }
        setPending((list) => [...list, item])
        send(item)
      })
    },
    [send],
  )
  const enqueue: Enqueue = useCallback((file, name) => queue(file, name, newAttempt()), [queue])

  const input = useRef<HTMLInputElement>(null)
  /** Whether what the picker holds was chosen before the scripts arrived (the form's own file). */
  const fromForm = useRef(true)
  /**
   * Takes the files out of the picker and sends them: whoever takes them sends them, once. The
   * file chosen before the scripts keeps the form's key, and is left to the form if it posted it.
   */
  const take = useCallback(
    (el: HTMLInputElement) => {
      const files = Array.from(el.files ?? [])
      el.value = ''
      const first = fromForm.current
      fromForm.current = false
      if (first && wasSentBeforeHydration(el.form)) {
        if (files[0]) setPostedName(files[0].name)
        return
      }
      files.forEach((file, i) => queue(file, file.name, first && i === 0 ? attempt : newAttempt()))
    },
    [queue, attempt],
  )
  // At hydration: the file chosen before the scripts arrived (a slow network) is taken over.
  useEffect(() => {
    if (hydrated && input.current) take(input.current)
    // Once, when the scripts arrive: later files are taken as they are chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

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
            <li key={d.id} className={`kyc-file${d.review === 'resend' ? ' kyc-file-resend' : ''}`}>
              <span className="kyc-file-ok" aria-hidden="true">
                {d.review === 'resend' ? '!' : '✓'}
              </span>
              <a href={`/${locale}/kyc/documents/${d.id}?view`} target="_blank" rel="noreferrer">
                {d.file_name || t(`kyc.documents.${kind}.label`)}
              </a>
              <span className="hint">{sizeText(d.bytes)}</span>
              {editable ? <RemoveForm id={d.id} /> : null}
              {/* docs/product/credit.md (KYC review): finance's reason, in the farmer's words to
                  act on; a new file of this kind takes this one's place. */}
              {d.review === 'resend' ? (
                <div className="kyc-resend" role="note">
                  <p>
                    <strong>{t('kyc.page.resendThis')}</strong>{' '}
                    {d.review_reason
                      ? t('kyc.page.resendReason', { reason: d.review_reason })
                      : null}
                  </p>
                  {editable ? <p className="hint">{t('kyc.page.resendHint')}</p> : null}
                </div>
              ) : d.review === 'accepted' ? (
                <span className="hint kyc-accepted">{t('kyc.page.accepted')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {pending.length > 0 || posted ? (
        <ul className="kyc-files" aria-live="polite">
          {posted ? (
            <li className="kyc-file">
              <span>{posted}</span>
              {/* The form's own post: how much has gone is not known, only that it is going. */}
              <progress max={1} aria-label={t('kyc.page.sending', { name: posted })} />
            </li>
          ) : null}
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
          {/* Without JavaScript this posts the file to the page; with it, each file is sent alone
              (a submit once the scripts run, even before the button has gone, is theirs). */}
          <form
            ref={uploadForm}
            method="post"
            encType="multipart/form-data"
            className="kyc-upload"
            onSubmit={(e) => {
              e.preventDefault()
              if (input.current) take(input.current)
            }}
          >
            <input type="hidden" name="intent" value="upload" />
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="attempt" value={attempt} />
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
              onChange={(e) => take(e.currentTarget)}
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

/**
 * 'Remove' for one document: a tap before the scripts posts the form, and once they arrive the
 * button waits for that answer (or the script's own) rather than removing it a second time.
 */
function RemoveForm({ id }: { id: number }) {
  const { t } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const sentEarly = useSentBeforeHydration(form)
  const busy =
    sentEarly ||
    (navigation.state !== 'idle' &&
      navigation.formData?.get('intent') === 'delete' &&
      navigation.formData.get('id') === String(id))
  return (
    <Form ref={form} method="post" className="kyc-file-remove">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button link-button" disabled={busy}>
        {t('kyc.page.remove')}
      </button>
    </Form>
  )
}

function sizeText(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
