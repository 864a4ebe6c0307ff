import { describe, expect, it, vi } from 'vitest'
import { createAnswerCache } from './answer-cache.ts'

describe('answer cache (ADR 015)', () => {
  it('builds an answer once for many requests at the same time, then serves it', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 })
    const build = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 20))
      return { data: [1, 2, 3] }
    })
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.answer('k', build)))
    expect(build).toHaveBeenCalledTimes(1)
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1)
    expect(JSON.parse(answers[0]!.body)).toEqual({ data: [1, 2, 3] })
    expect(answers[0]!.etag).toMatch(/^W\/"[\w-]+"$/)
    await cache.answer('k', build)
    expect(build).toHaveBeenCalledTimes(1)
    expect(cache.stats()).toEqual({ hits: 10, misses: 1 })
  })

  it('gives different bodies different ETags, and forgets on clear and after the TTL', async () => {
    {
      const cache = createAnswerCache({ ttlMs: 50, maxBytes: 1024 * 1024 })
      let n = 0
      const build = async () => ({ n: ++n })
      const first = await cache.answer('k', build)
      expect((await cache.answer('k', build)).body).toBe(first.body)
      cache.clear()
      const second = await cache.answer('k', build)
      expect(second.body).toBe('{"n":2}')
      expect(second.etag).not.toBe(first.etag)
      await new Promise((r) => setTimeout(r, 80))
      expect((await cache.answer('k', build)).body).toBe('{"n":3}')
    }
  })

  it('does not keep a failure', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 })
    await expect(
      cache.answer('k', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down')
    expect((await cache.answer('k', async () => ({ ok: true }))).body).toBe('{"ok":true}')
  })

  it('stays within its memory bound, dropping the least recently used', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxBytes: 10_000 })
    const big = async () => ({ text: 'x'.repeat(1000) })
    for (let i = 0; i < 20; i++) await cache.answer(`k${i}`, big)
    const build = vi.fn(big)
    await cache.answer('k19', build)
    expect(build).not.toHaveBeenCalled()
    await cache.answer('k0', build)
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('with TTL 0 builds every answer', async () => {
    const cache = createAnswerCache({ ttlMs: 0, maxBytes: 1024 })
    const build = vi.fn(async () => ({ ok: true }))
    await cache.answer('k', build)
    await cache.answer('k', build)
    expect(build).toHaveBeenCalledTimes(2)
  })
})
