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

/** What a route that takes a file as its body declares (see withFileBodies). */
type FileBody = { types: readonly string[]; maxBytes: number; description: string }
/** What a route that answers with a file declares (see withFileBodies). */
type FileAnswer = { status: number; types: readonly string[]; description: string }

/**
 * A route whose body is one file (a receipt, a KYC document, a product photo): the media types it
 * takes and its size limit. The body is read as bytes by the module's own content-type parser,
 * so there is no schema to validate it with; this puts it in the document (withFileBodies).
 */
export function fileBody(types: readonly string[], maxBytes: number, description: string) {
  return { 'x-file-body': { types, maxBytes, description } satisfies FileBody }
}

/** A route that answers `status` with a file of one of `types` (a download, a photo). */
export function fileAnswer(types: readonly string[], description: string, status = 200) {
  return { 'x-file-answer': { status, types, description } satisfies FileAnswer }
}

/**
 * The file bodies and file answers declared with fileBody and fileAnswer become the document's
 * own: a `requestBody` with each media type as binary (and the limit in its description), and the
 * file answer's content in its media types instead of JSON. A client generated from the document
 * can then send a receipt without a cast and read a PDF without parsing it as JSON.
 */
export function withFileBodies<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> })
    .paths
  for (const operations of Object.values(paths ?? {}))
    for (const operation of Object.values(operations)) {
      const body = operation['x-file-body'] as FileBody | undefined
      if (body) {
        delete operation['x-file-body']
        operation.requestBody = {
          required: true,
          description: `${body.description} At most ${body.maxBytes} bytes (413 above).`,
          content: Object.fromEntries(
            body.types.map((type) => [
              type,
              { schema: { type: 'string', format: 'binary', contentMediaType: type } },
            ]),
          ),
        }
      }
      const answer = operation['x-file-answer'] as FileAnswer | undefined
      if (answer) {
        delete operation['x-file-answer']
        const responses = (operation.responses ?? {}) as Record<string, unknown>
        responses[String(answer.status)] = {
          description: answer.description,
          content: Object.fromEntries(
            answer.types.map((type) => [
              type,
              { schema: { type: 'string', format: 'binary', contentMediaType: type } },
            ]),
          ),
        }
        operation.responses = responses
      }
    }
  return document
}
