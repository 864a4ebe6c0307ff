/** Logs in through the web form, as a browser would, and returns the session cookie. */
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
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0])
  if (response.status !== 302 || cookies.length === 0)
    throw new Error(`login failed: ${response.status}`)
  return cookies.join('; ')
}
