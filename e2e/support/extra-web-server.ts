// A second web server for the tests that need one configured otherwise (error reporting on) or
// restarted on another build (a deploy): the same API and database as the shared servers.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags } from '../../scripts/server-memory.mjs'
import { E2E_API_PORT } from './ports.ts'
import { e2eServerEnv } from './server-env.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

export type ExtraWebServer = { url: string; stop: () => Promise<void> }

export async function startWebServer(
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ExtraWebServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags('web'), 'apps/web/server.mjs'],
    {
      cwd: root,
      env: { ...e2eServerEnv(), API_PORT: String(E2E_API_PORT), PORT: String(port), ...extraEnv },
      stdio: 'inherit',
    },
  )
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`web server on ${port} exited (${child.exitCode})`)
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { url, stop }
    if (tries > 150) {
      await stop()
      throw new Error(`web server on ${port} did not start`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
