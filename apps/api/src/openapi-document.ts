/**
 * The zod type provider names every registered schema twice, `X` for answers and `XInput` for
 * requests, whether or not a route uses both (a known limit of fastify-type-provider-zod). The document is
 * a contract for the mobile app and branch devices, so schemas nothing refers to are left out: a
 * generated client then has one type per thing, and the linter has nothing to warn about.
 */
export function withoutUnusedSchemas<T>(document: T): T {
  const doc = document as {
    paths?: unknown
    components?: { schemas?: Record<string, unknown> }
  }
  const schemas = doc.components?.schemas
  if (!schemas) return document
  const used = new Set<string>()
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item)
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = /^#\/components\/schemas\/(.+)$/.exec(value)?.[1]
          if (name && !used.has(name)) {
            used.add(name)
            visit(schemas[name])
          }
        } else visit(value)
      }
  }
  visit(doc.paths)
  doc.components!.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  )
  return document
}
