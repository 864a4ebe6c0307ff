// The two-of-everything setup of docs/reliability.md for the fault tests: a PostgreSQL server and
// a Redis of the test's own (so restarting or stopping them disturbs no other test), and
// `npm run start:cluster` (two API and two web servers behind HAProxy) on them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { e2eServerEnv } from './server-env.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

function run(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')}: ${result.stderr || result.stdout}`)
  return result.stdout
}

/** PostgreSQL in a folder of its own, run as the postgres user (it refuses root). */
export function privatePostgres(port: number) {
  // Not skipped when missing: the fault tests are part of the suite (.ci/run installs HAProxy;
  // PostgreSQL's server binaries come with the machine's PostgreSQL).
  if (!existsSync(join(PG_BIN, 'initdb')))
    throw new Error(`PostgreSQL's initdb not found in ${PG_BIN} (set PG_BIN)`)
  const dir = mkdtempSync(join(tmpdir(), 'padi-pg-'))
  chownSync(dir, ...postgresIds())
  const data = join(dir, 'data')
  const asPostgres = (bin: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args])
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const ctl = (args: string[]) =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-w',
      ...args,
    ])
  ctl(['start'])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A real restart: every connection is cut; the server is back when this returns. */
    restart: () => ctl(['restart', '-m', 'fast']),
    stop: () => {
      try {
        ctl(['stop', '-m', 'immediate'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function postgresIds(): [number, number] {
  return [Number(run('id', ['-u', 'postgres'])), Number(run('id', ['-g', 'postgres']))]
}

/** A Redis of the test's own that keeps nothing on disk; stop and start it again at will. */
export function privateRedis(port: number) {
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    for (let i = 0; i < 100; i++) {
      if (
        spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.includes(
          'PONG',
        )
      )
        return
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('redis did not start')
  }
  const stop = async () => {
    const c = child
    child = null
    if (!c || c.exitCode !== null) return
    await new Promise<void>((done) => {
      c.once('exit', () => done())
      c.kill('SIGKILL')
    })
  }
  return { url: `redis://127.0.0.1:${port}`, start, stop }
}

export type ClusterServer = { name: string; kind: 'api' | 'web'; port: number; pid: number | null }
export type Cluster = {
  web: string
  api: string
  servers: () => ClusterServer[]
  /** Sends the cluster script a signal (SIGUSR2: rolling restart). */
  signal: (signal: NodeJS.Signals) => void
  /** Waits until every server has a process and answers /readyz. */
  ready: () => Promise<void>
  stop: () => Promise<void>
}

export async function startCluster(options: {
  port: number
  databaseUrl: string
  redisUrl: string
  env?: NodeJS.ProcessEnv
  /** The settings the servers start from: the browser tests' own unless given (benchmarks). */
  baseEnv?: NodeJS.ProcessEnv
  /** Where the servers' output goes: this process's (tests) or nowhere (benchmarks). */
  quiet?: boolean
}): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'padi-cluster-'))
  const stateFile = join(dataDir, 'cluster.json')
  const child = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
    cwd: root,
    stdio: options.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
    env: {
      ...(options.baseEnv ?? e2eServerEnv()),
      SKIP_BUILD: '1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: dataDir,
      CLUSTER_STATE_FILE: stateFile,
      PORT: String(options.port),
      API_PORT: String(options.port + 1),
      CLUSTER_PORT_BASE: String(options.port + 10),
      // Each server's own files folder would do on one machine; one folder is what S3 gives.
      FILES_DIR: join(dataDir, 'files'),
      ...options.env,
    },
  })
  const servers = (): ClusterServer[] => {
    try {
      return (JSON.parse(readFileSync(stateFile, 'utf8')) as { servers: ClusterServer[] }).servers
    } catch {
      return []
    }
  }
  const cluster: Cluster = {
    web: `http://127.0.0.1:${options.port}`,
    api: `http://127.0.0.1:${options.port + 1}`,
    servers,
    signal: (signal) => void child.kill(signal),
    ready: async () => {
      for (let i = 0; i < 900; i++) {
        if (child.exitCode !== null) throw new Error(`start:cluster exited (${child.exitCode})`)
        const list = servers()
        if (list.length > 0 && list.every((s) => s.pid)) {
          const up = await Promise.all(
            list.map((s) =>
              fetch(`http://127.0.0.1:${s.port}/readyz`).then(
                (r) => r.ok,
                () => false,
              ),
            ),
          )
          if (up.every(Boolean)) {
            // HAProxy takes a server back after two good checks, 500 ms apart.
            await new Promise((r) => setTimeout(r, 1_200))
            return
          }
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error('cluster not ready')
    },
    stop: async () => {
      if (child.exitCode === null)
        await new Promise<void>((done) => {
          child.once('exit', () => done())
          child.kill('SIGTERM')
        })
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  await cluster.ready()
  return cluster
}
