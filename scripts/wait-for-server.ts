/** Resolves once `url` answers 2xx; throws after `seconds` (benchmarks start their own servers). */
export async function waitForServer(url: string, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not start: ${url}`)
}
