import { useEffect, useState } from 'react'

/**
 * A calculator's validation (zod and the domain schemas), loaded after the page is shown so it is
 * not part of the first load (ADR 017); null until it is here. `loaded` runs once it arrives (the
 * routes' shouldRevalidate stops asking the server for answers then). If it cannot load
 * (offline), the form still works: it submits and the server answers.
 */
export function useLateModule<T>(load: () => Promise<T>, loaded: () => void): T | null {
  const [module, setModule] = useState<T | null>(null)
  useEffect(() => {
    let live = true
    void load().then((m) => {
      loaded()
      if (live) setModule(() => m)
    })
    return () => {
      live = false
    }
    // Loaded once per mounted calculator; the loaders passed in never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return module
}
