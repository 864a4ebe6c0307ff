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
