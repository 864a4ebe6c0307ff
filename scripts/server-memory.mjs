// How both servers are started, for memory (ADR 027, amended by ADR 034). V8 sizes its young
// generation from the machine's memory and lets the old generation grow to gigabytes before it
// collects in earnest: on a 24 GiB box each server kept hundreds of MB it did not need. Each server
// therefore starts with a young generation and an old-generation cap sized to it (live heap after
// load: 40-55 MB per server, each cache bounded at 32 MB), and two malloc arenas stop each thread
// pool thread from keeping its own.
const DEFAULTS = {
  // The API renders nothing and keeps little per request: 4 MB semi-spaces keep it under its
  // 150 MB budget at no measurable cost to what it serves (docs/performance.md, Memory).
  api: { semiSpaceMb: 4, oldSpaceMb: 128 },
  // The web server renders pages: smaller semi-spaces cost it about 20% of its rate (ADR 027).
  web: { semiSpaceMb: 16, oldSpaceMb: 128 },
}

function whole(name, min, max) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`)
  return n
}
// Set, they apply to both servers; SERVER_OLD_SPACE_MB=0 leaves the old generation to V8.
const semiSpaceMb = whole('SERVER_SEMI_SPACE_MB', 1, 256)
const oldSpaceMb = whole('SERVER_OLD_SPACE_MB', 0, 65536)
if (oldSpaceMb !== undefined && oldSpaceMb !== 0 && oldSpaceMb < 64)
  throw new Error('SERVER_OLD_SPACE_MB must be 0 (no cap) or at least 64')

/** Node flags placed before a server's script. */
export function serverNodeFlags(server) {
  const defaults = DEFAULTS[server]
  if (!defaults) throw new Error(`unknown server ${server}`)
  const oldSpace = oldSpaceMb ?? defaults.oldSpaceMb
  return [
    `--max-semi-space-size=${semiSpaceMb ?? defaults.semiSpaceMb}`,
    ...(oldSpace ? [`--max-old-space-size=${oldSpace}`] : []),
  ]
}

/** The environment a server runs in: glibc's arena count unless already chosen. */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env }
}
