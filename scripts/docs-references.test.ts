import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The repository stands on its own: every document a file cites is in the repository, and no file
// cites the product's rules by an outside section or issue number.
const root = new URL('..', import.meta.url).pathname
const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|md|css|sql)$/.test(f) && existsSync(`${root}${f}`))

describe('the repository stands on its own', () => {
  it('cites only documents that exist in it', () => {
    const missing: string[] = []
    for (const file of files) {
      for (const [ref] of readFileSync(`${root}${file}`, 'utf8').matchAll(
        /\bdocs\/[\w./-]+\.md\b/g,
      ))
        if (!existsSync(`${root}${ref}`)) missing.push(`${file}: ${ref}`)
    }
    expect(missing).toEqual([])
  })

  it('cites no outside specification, issue number or reference file', () => {
    const outside =
      /\b(spec|issue) ?§?\d|domain-facts|codebase-models|performance-budget|security-tests|\.\.\/shared\//i
    const found = files
      .filter((f) => f !== 'scripts/docs-references.test.ts')
      .flatMap((file) =>
        readFileSync(`${root}${file}`, 'utf8')
          .split('\n')
          .map((line, i) => [line, i] as const)
          .filter(([line]) => outside.test(line))
          .map(([line, i]) => `${file}:${i + 1}: ${line.trim().slice(0, 80)}`),
      )
    expect(found).toEqual([])
  })
})
