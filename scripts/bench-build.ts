// What every bench that serves pages needs first: the production build of the shop, and for
// `bench:ssr` the build of its reference page (bench/ssr-hello). A bench builds them itself, so a
// fresh clone needs nothing else; BENCH_NO_BUILD=1 reuses a build that is already there (and still
// makes one that is missing, rather than failing on it).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

const BUILDS = {
  shop: { cwd: root, cmd: ['npm', 'run', 'build'], output: 'apps/web/build/server/index.js' },
  hello: {
    cwd: `${root}bench/ssr-hello`,
    cmd: ['npx', 'react-router', 'build'],
    output: 'bench/ssr-hello/build/server/index.js',
  },
} as const

export type BenchBuild = keyof typeof BUILDS

/** Whether `build` has to be made: always, unless BENCH_NO_BUILD is set and it is there. */
export function needsBuild(build: BenchBuild, env = process.env): boolean {
  return !env.BENCH_NO_BUILD || !existsSync(`${root}${BUILDS[build].output}`)
}

/** Makes each build asked for that `needsBuild` says is needed; throws when one fails. */
export function ensureBuilt(...builds: BenchBuild[]) {
  for (const name of builds) {
    if (!needsBuild(name)) continue
    const { cwd, cmd } = BUILDS[name]
    const [bin, ...args] = cmd
    const result = spawnSync(bin, args, { cwd, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`${cmd.join(' ')} (in ${cwd}) failed`)
  }
}
