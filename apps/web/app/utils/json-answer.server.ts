/**
 * A page action's answer for a script that sent the form itself (to show the upload's progress):
 * a redirect becomes `{ redirect }`, data with its status becomes JSON with that status. Thrown
 * redirects (the session ended: to login) are answered the same way.
 */
export async function jsonAnswer(run: () => Promise<unknown>): Promise<Response> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const to = result.headers.get('location')
    if (to && result.status >= 300 && result.status < 400) return Response.json({ redirect: to })
    return result
  }
  const shaped = result as { type?: string; data?: unknown; init?: ResponseInit | null }
  if (shaped && shaped.type === 'DataWithResponseInit')
    return Response.json(shaped.data, { status: shaped.init?.status ?? 200 })
  return Response.json(result)
}
