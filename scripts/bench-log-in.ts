/**
 * Logs in through the web form, as a browser would, and returns the session cookie: the one the
 * page logging in leads to leaves (that page shows the message waiting after a login and drops it
 * from the session, as a browser's first page does).
 */
export async function logInThroughForm(
  web: string,
  mobile: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${web}/en/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: web, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ mobile, password }),
  })
  const cookies = new Map(
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!.split(/=(.*)/s) as [string, string]),
  )
  if (response.status !== 302 || cookies.size === 0)
    throw new Error(`login failed: ${response.status}`)
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const landing = await fetch(new URL(response.headers.get('location') ?? '/en', web), {
    headers: { cookie: header() },
  })
  if (!landing.ok) throw new Error(`the page after login: ${landing.status}`)
  for (const set of landing.headers.getSetCookie()) {
    const [name, value] = set.split(';')[0]!.split(/=(.*)/s) as [string, string]
    cookies.set(name, value)
  }
  return header()
}
