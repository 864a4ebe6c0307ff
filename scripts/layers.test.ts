import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// docs/decisions/001: dependencies point one way (web -> domain; api -> domain, db; db -> domain),
// by package name and by path alike.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports')
}

describe('lint keeps the layers', () => {
  it.each([
    ['packages/domain/src/x.ts', `import '@padi/db/client'`],
    ['packages/domain/src/x.ts', `import '../../db/src/client.ts'`],
    ['packages/domain/src/x.ts', `import '../../../apps/api/src/app.ts'`],
    ['packages/domain/src/x.ts', `import '../../../apps/web/app/root.tsx'`],
    ['packages/db/src/x.ts', `import '../../../apps/api/src/app.ts'`],
    ['apps/api/src/x.ts', `import '../../web/app/root.tsx'`],
    ['apps/web/app/x.ts', `import '../../../packages/db/src/client.ts'`],
    ['apps/web/app/utils/x.ts', `import '../../../api/src/app.ts'`],
  ])('refuses %s -> %s', async (file, source) => {
    expect(await refused(file, source)).toBe(true)
  })

  it.each([
    ['apps/web/app/x.ts', `import '@padi/domain/money'`],
    ['apps/web/app/routes/x.ts', `import '../utils/i18n.ts'`],
    ['apps/api/src/x.ts', `import '@padi/db/client'`],
    ['packages/db/src/x.ts', `import '@padi/domain/money'`],
  ])('allows %s -> %s', async (file, source) => {
    expect(await refused(file, source)).toBe(false)
  })
})

// docs/architecture.md (Modules): one API module reaches another only through its services or
// its module file, so a repository's queries have one owner.
describe('lint keeps the modules apart', () => {
  const file = 'apps/api/src/modules/repayments/receipts.service.ts'
  it.each([
    [`import { createCreditRepository } from '../credit/credit.repository.ts'`],
    [`import { creditRoutes } from '../credit/credit.routes.ts'`],
    [`import { runLateFees } from '../credit/late-fee-job.ts'`],
    [`import { orderAnswers } from '../orders/nested/answers.service.ts'`],
    [`import '../../../../web/app/root.tsx'`],
  ])('refuses %s', async (source) => {
    expect(await refused(file, source)).toBe(true)
  })

  it.each([
    [`import { createCreditService } from '../credit/credit.service.ts'`],
    [`import { creditOf } from '../credit/credit.module.ts'`],
    [`import type { CreditLineRow } from '../credit/credit.repository.ts'`],
    [`import { inspectUpload } from '../files/inspect-upload.ts'`],
    [`import type { AppContext } from '../../app-context.ts'`],
    [`import { sameSecret } from '../../secrets.ts'`],
    [`import { receiptsRoutes } from './receipts.routes.ts'`],
  ])('allows %s', async (source) => {
    expect(await refused(file, source)).toBe(false)
  })

  it.each([
    ['apps/api/src/modules/branches/branches.routes.ts', `import { eq } from 'drizzle-orm'`],
    ['apps/api/src/modules/cart/cart.service.ts', `import { carts } from '@padi/db/schema/cart'`],
    ['apps/api/src/modules/cart/cart-sweep-job.ts', `import { sql } from 'drizzle-orm'`],
  ])('keeps queries out of %s', async (path, source) => {
    expect(await refused(path, source)).toBe(true)
  })

  it('lets a repository query', async () => {
    const source = `import { eq } from 'drizzle-orm'\nimport { carts } from '@padi/db/schema/cart'`
    expect(await refused('apps/api/src/modules/cart/cart.repository.ts', source)).toBe(false)
  })

  it('lets a test set up what it checks through any file', async () => {
    const test = 'apps/api/src/modules/repayments/receipts.routes.test.ts'
    const source = `import { createCreditRepository } from '../credit/credit.repository.ts'`
    expect(await refused(test, source)).toBe(false)
  })
})
