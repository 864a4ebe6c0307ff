import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The web's routes read a form one way (parseForm, formIntent: apps/web/app/utils/forms.ts) and
// an API refusal one way (readRefusal, deciding on codes: apps/web/app/utils/api-errors.server.ts);
// lint keeps them so. Each rule is shown to fire, and the ways it allows to pass.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })
const ROUTE = 'apps/web/app/routes/x/page.tsx'

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

const FORM = /parseForm or formIntent/
const REFUSAL = /readRefusal/

describe('lint keeps one way of reading a form in the web routes', () => {
  it.each([
    [`const intent = formData.get('intent')`],
    [`const ids = formData.getAll('voucher_ids')`],
    [`const all = [...form.entries()]`],
    [`if (form.has('agree')) go()`],
    [`const on = (await request.formData()).get('sms_reminders') === 'on'`],
    [`const body = Object.fromEntries(formData)`],
    [`for (const [name, value] of formData) use(name, value)`],
    [`const parsed = LineForm.safeParse({ variation: read(formData, 'variation') })`],
    [`const parsed = BranchEditSchema.safeParse(bodyOf(form))`],
  ])('refuses %s', async (source) => {
    expect(await refusals(ROUTE, source)).toEqual([expect.stringMatching(FORM)])
  })

  it.each([
    [`const form = parseForm(LoginSchema, await request.formData(), ['mobile', 'password'])`],
    [`const intent = formIntent(formData, ['cancel', 'pay'])`],
    // The page's own pending state in the browser, and a query string, are not a posted form.
    [`const busy = navigation.formData?.get('intent') === 'pay'`],
    [`const q = url.searchParams.get('q')`],
    [`const parsed = OrderDeskQuerySchema.safeParse(Object.fromEntries(url.searchParams))`],
  ])('allows %s', async (source) => {
    expect(await refusals(ROUTE, source)).toEqual([])
  })
})

describe('lint keeps one way of reading an API refusal in the web routes', () => {
  it.each([
    [`try { go() } catch (error) { if (!(error instanceof ApiError)) throw error }`],
    [`if (error.statusCode === 413) tooLarge()`],
    [`if (404 === refusal.error.statusCode) gone()`],
    [`const unavailable = error.statusCode >= 500`],
    [`const message = FALLBACK[refusal.error.statusCode]`],
  ])('refuses %s', async (source) => {
    expect(await refusals(ROUTE, source)).toEqual([expect.stringMatching(REFUSAL)])
  })

  it.each([
    [`const refusal = readRefusal(error); if (refusal.code === 'PIN_INVALID') again()`],
    [`if (readRefusal(error).kind === 'notFound') gone()`],
    // A success answer's own status, and the API's status passed on unread, are not decisions.
    [`if (answer.statusCode !== 201) failed()`],
    [`return Response.json({ code }, { status: refusal.error.statusCode })`],
  ])('allows %s', async (source) => {
    expect(await refusals(ROUTE, source)).toEqual([])
  })
})

describe('where the rules apply', () => {
  const source = `const intent = formData.get('intent'); if (e instanceof ApiError) throw e`

  it('in every route file, helpers beside the pages included', async () => {
    expect(await refusals('apps/web/app/routes/staff/+shared/sale.server.ts', source)).toHaveLength(
      2,
    )
  })

  it('not in tests, which may build what they check', async () => {
    expect(await refusals('apps/web/app/routes/x/page.test.ts', source)).toEqual([])
  })

  it('keeps the time-zone rules every file has in the routes too', async () => {
    const zone = `const zone = 'Asia/Bangkok'`
    expect(await refusals(ROUTE, zone)).toEqual([expect.stringMatching(/market table/)])
  })
})
