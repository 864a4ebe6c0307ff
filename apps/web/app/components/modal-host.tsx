import { useEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useI18n } from '~/utils/i18n.ts'

export const MODAL_ROOT_ID = 'modal-root'

/** The place modals render into (docs/product/shell.md: the root shell has a modal host). */
export function ModalHost() {
  return <div id={MODAL_ROOT_ID} />
}

/** A native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Modal(props: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
}) {
  const { t } = useI18n()
  const ref = useRef<HTMLDialogElement>(null)
  // The host only exists in the browser; during server rendering there is nothing to portal into.
  const host = typeof document === 'undefined' ? null : document.getElementById(MODAL_ROOT_ID)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) dialog.showModal()
    if (!props.open && dialog.open) dialog.close()
  }, [props.open, host])
  if (!host) return null
  return createPortal(
    <dialog ref={ref} className="modal" onClose={props.onClose} aria-labelledby="modal-title">
      <h2 id="modal-title">{props.title}</h2>
      {props.children}
      <form method="dialog">
        <button className="button secondary">{t('common.close')}</button>
      </form>
    </dialog>,
    host,
  )
}
