import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import routes from '../routes.ts'
import { SCRIPTS_AT_ONCE, SCRIPTS_FETCHED_EARLY } from './script-policy.ts'

type RouteEntry = { id?: string; file: string; path?: string; children?: RouteEntry[] }

/** Every route of the shop with its React Router id (the file without its extension by default). */
function everyRoute(entries: RouteEntry[], prefix = ''): { id: string; address: string }[] {
  return entries.flatMap((r) => {
    const address = r.path ? `${prefix}/${r.path}` : prefix
    const id = r.id ?? r.file.replace(/\.tsx?$/, '')
    return [{ id, address: address || '/' }, ...everyRoute(r.children ?? [], address)]
  })
}

/** The table of docs/product/script-policy.md: route id → address and policy. */
function documented() {
  const text = readFileSync(
    new URL('../../../../docs/product/script-policy.md', import.meta.url),
    'utf8',
  )
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter(([, id]) => /^[a-z][\w/-]*$/.test(id ?? ''))
    .map(([, id, address, policy, why]) => ({ id: id!, address, policy, why }))
}

describe('docs/product/script-policy.md', () => {
  const shop = everyRoute(routes as RouteEntry[])
  const table = documented()

  it('lists every route of the shop once, at its address, and nothing else', () => {
    expect(table.map((r) => r.id).sort()).toEqual(shop.map((r) => r.id).sort())
    expect(new Set(table.map((r) => r.id)).size).toBe(table.length)
    for (const route of shop)
      expect(table.find((r) => r.id === route.id)?.address, route.id).toBe(route.address)
  })

  it('gives each route a known policy and a reason', () => {
    for (const row of table) {
      expect(
        ['at once', 'on first use', 'on first use, fetched early', 'layout', 'no page'],
        row.id,
      ).toContain(row.policy)
      expect(row.why?.length, row.id).toBeGreaterThan(3)
    }
  })

  it('names as "at once" exactly the pages whose scripts start after the first paint', () => {
    const atOnce = table.filter((r) => r.policy === 'at once').map((r) => r.id)
    expect(atOnce.sort()).toEqual([...SCRIPTS_AT_ONCE].sort())
  })

  it('names as "fetched early" exactly the pages whose scripts are downloaded once loaded', () => {
    const early = table.filter((r) => r.policy === 'on first use, fetched early').map((r) => r.id)
    expect(early.sort()).toEqual([...SCRIPTS_FETCHED_EARLY].sort())
  })

  it('calls "no page" exactly the routes that render nothing (resource routes)', () => {
    const files = new Map<string, string>()
    const walk = (entries: RouteEntry[]) =>
      entries.forEach((r) => {
        files.set(r.id ?? r.file.replace(/\.tsx?$/, ''), r.file)
        walk(r.children ?? [])
      })
    walk(routes as RouteEntry[])
    for (const row of table)
      expect(row.policy === 'no page', row.id).toBe(files.get(row.id)?.endsWith('.ts'))
  })
})
