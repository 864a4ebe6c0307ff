import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'

/**
 * docs/product/credit.md: a form with files, sent by the page's script so the farmer sees how much
 * has gone (a 10 MB receipt takes minutes on 2G). The form posts to `url` (the page's action
 * answered as JSON); a redirect is followed in the app, any other answer (field errors, a refusal)
 * is handed back as the action's data would be. Without scripts the form posts as usual.
 */
export function useUploadProgress<T>(url: string, failed: T) {
  const navigate = useNavigate()
  const [progress, setProgress] = useState<number | null>(null)
  const [answer, setAnswer] = useState<T | undefined>(undefined)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (progress !== null) {
      event.preventDefault()
      return
    }
    event.preventDefault()
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      setProgress(null)
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      const to = (body as { redirect?: unknown } | null)?.redirect
      if (typeof to === 'string') {
        // Only this site's own paths.
        if (to.startsWith('/') && !to.startsWith('//')) void navigate(to)
        else window.location.assign('/')
        return
      }
      setAnswer((body as T | null) ?? failed)
    }
    xhr.onerror = () => {
      setProgress(null)
      setAnswer(failed)
    }
    xhr.send(new FormData(event.currentTarget))
    setProgress(0)
  }
  return { onSubmit, progress, answer }
}
