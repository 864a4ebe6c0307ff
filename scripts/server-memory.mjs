// How both servers are started, for memory (ADR 027). V8 sizes its young generation from the
// machine's memory: on a 24 GiB box each server kept 128 MB of it, most of it empty, after a load
// or even after loading its modules. 16 MB semi-spaces bring that to 48 MB for the same
// throughput; two malloc arenas stop each thread pool thread from keeping its own.
const semiSpaceMb = Number(process.env.SERVER_SEMI_SPACE_MB ?? 16)
if (!Number.isInteger(semiSpaceMb) || semiSpaceMb < 1 || semiSpaceMb > 256)
  throw new Error('SERVER_SEMI_SPACE_MB must be a whole number from 1 to 256')

// A cap on the old generation is left to the deployment: it saves another 70-80 MB per server
// (ADR 027), but a process that reaches it under a burst of load stops.
const oldSpaceMb = process.env.SERVER_OLD_SPACE_MB ? Number(process.env.SERVER_OLD_SPACE_MB) : null
if (oldSpaceMb !== null && (!Number.isInteger(oldSpaceMb) || oldSpaceMb < 64))
  throw new Error('SERVER_OLD_SPACE_MB must be a whole number of at least 64')

/** Node flags placed before a server's script. */
export const SERVER_NODE_FLAGS = [
  `--max-semi-space-size=${semiSpaceMb}`,
  ...(oldSpaceMb ? [`--max-old-space-size=${oldSpaceMb}`] : []),
]

/** The environment a server runs in: glibc's arena count unless already chosen. */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env }
}
