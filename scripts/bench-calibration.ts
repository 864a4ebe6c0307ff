// The calibration line every bench prints (docs/performance.md): what this machine does at that
// moment with PostgreSQL alone (pgbench select-only) and with Fastify alone (hello world), so
// figures from days when the machine ran at another speed can be compared.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { waitForServer } from './wait-for-server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export async function calibration(base: string, port: number): Promise<string> {
  const db = 'padi_bench_pgbench'
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`drop database if exists ${db}`)
  await admin.query(`create database ${db}`)
  const url = new URL(base)
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres']
  spawnSync('pgbench', [...args, '-i', '-s', '10', '-q', db], { stdio: 'ignore' })
  const out = spawnSync(
    'pgbench',
    [...args, '-S', '-c', '4', '-j', '2', '-M', 'prepared', '-T', '10', db],
    { encoding: 'utf8' },
  ).stdout
  const tps = /tps = ([\d.]+)/.exec(out)?.[1] ?? '?'
  await admin.query(`drop database if exists ${db}`)
  await admin.end()
  const hello = spawn(
    process.execPath,
    [
      '-e',
      `require('fastify')().get('/', async () => ({ hello: 'world' })).listen({ port: ${port}, host: '127.0.0.1' })`,
    ],
    { cwd: `${root}apps/api`, stdio: 'ignore' },
  )
  await waitForServer(`http://127.0.0.1:${port}/`)
  const r = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 100, duration: 10 })
  hello.kill()
  return `pgbench select-only c=4: ${Math.round(Number(tps))} TPS; Fastify hello c=100: ${Math.round(r.requests.average)} req/s`
}

/**
 * CPU time a process has used, in clock ticks (utime + stime of /proc/PID/stat; 0 when gone).
 * The time each request costs moves less than the rates on a machine whose speed changes.
 */
export function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}
/** All PostgreSQL processes on the machine (the server runs here, with nothing else on it). */
export const postgresTicks = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')
          ? sum + cpuTicks(Number(d))
          : sum
      } catch {
        return sum
      }
    }, 0)
/** Linux counts 100 ticks a second: a tick is 10,000 µs. */
export const TICK_US = 10_000
