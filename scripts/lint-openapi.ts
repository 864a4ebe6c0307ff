// `npm run lint:openapi` (and a step of `npm test`): the API document is a contract for the mobile
// app and branch devices, so it is checked by two outside linters, Redocly's recommended rules and
// Spectral's `spectral:oas` rules, with every warning treated as a failure. The document is the one the API serves, demo routes included,
// from an app on an in-memory database (no server or port needed).
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import spectralCore from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'
import { fileURLToPath } from 'node:url'
import { servedOpenApiDocument } from './served-openapi-document.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const document = await servedOpenApiDocument()

const dir = `${root}node_modules/.cache/openapi`
mkdirSync(dir, { recursive: true })
writeFileSync(`${dir}/openapi.json`, JSON.stringify(JSON.parse(document), null, 2))
const lint = spawnSync(
  'npx',
  ['redocly', 'lint', `${dir}/openapi.json`, '--max-problems=50', '--format=stylish'],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
)
process.stdout.write(lint.stdout)
process.stderr.write(lint.stderr)
// Redocly exits 0 on warnings; a contract with warnings is not clean. Nothing is ignored.
const warnings = /You have (\d+) warnings?/.exec(lint.stdout + lint.stderr)?.[1]
const redoclyFailed = lint.status !== 0 || (warnings && Number(warnings) > 0)

// Spectral's OpenAPI rules (spectral:oas), every severity but hints counted.
const spectral = new spectralCore.Spectral()
spectral.setRuleset({ extends: [[oas, 'recommended']] } as never)
const found = await spectral.run(
  new spectralCore.Document(document, spectralParsers.Json, `${dir}/openapi.json`),
)
const problems = found.filter((p) => p.severity <= 2)
for (const p of problems)
  process.stderr.write(
    `spectral ${['error', 'warning', 'info'][p.severity]} ${p.code} at ${p.path.join('.')}: ${p.message}\n`,
  )
process.stdout.write(`Spectral spectral:oas: ${problems.length} problems\n`)
if (redoclyFailed || problems.length > 0) process.exit(1)
