import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// docs/performance.md (Memory): the libraries a server needs only for a feature that is
// configured or used are loaded then (`import()`), not at its start. A static import anywhere on
// the path from the server's entry would load them at start again and cost the memory back, so
// this walks the static imports of our own files (type-only imports and `import()` left out).
const root = fileURLToPath(new URL('..', import.meta.url))

const OPTIONAL = [
  '@sentry/node',
  '@aws-sdk/client-s3',
  'ioredis',
  'sharp',
  'pdf-lib',
  '@pdf-lib/fontkit',
  '@simplewebauthn/server',
  // Read only when finance imports a bank statement.
  'fast-xml-parser',
  'csv-parse',
]

/** The specifiers a file imports statically for their values. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found: string[] = []
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      if (clause?.isTypeOnly) continue
      const bindings = clause?.namedBindings
      const onlyTypes =
        clause &&
        !clause.name &&
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly)
      if (onlyTypes) continue
      found.push((node.moduleSpecifier as ts.StringLiteral).text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return found
}

/** Our own file a specifier names, or null for a package. */
function ownFile(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier.replace(/\?.*$/, ''))
  if (specifier.startsWith('~/'))
    return join(root, 'apps/web/app', specifier.slice(2).replace(/\?.*$/, ''))
  const workspace = /^@padi\/(db|domain)\/(.+)$/.exec(specifier)
  if (workspace) return join(root, 'packages', workspace[1]!, 'src', `${workspace[2]}.ts`)
  return null
}

/** Every package reached through static imports from `entries`, with the file that imports it. */
function packagesAtStart(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>()
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('node:')) continue
      const own = ownFile(file, specifier)
      // Styles, pictures and the like are ours too, with no imports to follow.
      if (own) {
        if (/\.(ts|tsx|mjs|js)$/.test(own) && existsSync(own)) queue.push(own)
      } else if (!packages.has(specifier)) packages.set(specifier, file.slice(root.length))
    }
  }
  return packages
}

const loadedAtStart = (packages: Map<string, string>) =>
  OPTIONAL.filter((name) =>
    [...packages.keys()].some((p) => p === name || p.startsWith(`${name}/`)),
  ).map((name) => `${name} (from ${[...packages].find(([p]) => p.startsWith(name))![1]})`)

/** Every source file of the web app: any of them may be in the server's render bundle. */
function webAppFiles(dir = join(root, 'apps/web/app')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return webAppFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('optional libraries are not loaded at a server start', () => {
  it('the API', () => {
    const packages = packagesAtStart([join(root, 'apps/api/src/server.ts')])
    // The walk follows our files: it reaches the framework and the database driver.
    expect(packages.has('fastify')).toBe(true)
    expect(loadedAtStart(packages)).toEqual([])
  })

  it('the web server and its pages', () => {
    const packages = packagesAtStart([join(root, 'apps/web/server.mjs'), ...webAppFiles()])
    expect(packages.has('express')).toBe(true)
    expect(loadedAtStart(packages)).toEqual([])
  })

  it('finds a static import where there is one', () => {
    const packages = packagesAtStart([join(root, 'apps/api/src/modules/files/s3-storage.ts')])
    expect(loadedAtStart(packages)).toEqual([
      '@aws-sdk/client-s3 (from apps/api/src/modules/files/s3-storage.ts)',
    ])
  })
})
