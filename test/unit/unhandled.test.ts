import { afterEach, describe, expect, it, vi } from 'vitest'
import { onUnhandled } from '../../src/transports/unhandled.js'

// msw 3 hands its callback a frame and its defaults; msw 2 a request and a printer.
const httpFrame = (url: string) => ({ protocol: 'http', data: { id: '1', request: new Request(url) } })
const defaults = () => ({ warn: vi.fn(), error: vi.fn() })

describe('onUnhandled: one strategy under both msw majors’ names', () => {
  it.each(['bypass', 'warn', 'error'] as const)('gives %s as onUnhandledRequest and onUnhandledFrame', (strategy) => {
    expect(onUnhandled(strategy)).toEqual({ onUnhandledRequest: strategy, onUnhandledFrame: strategy })
  })

  it('hands msw 2 the callback itself', () => {
    const callback = vi.fn()
    expect(onUnhandled(callback).onUnhandledRequest).toBe(callback)
  })

  it("hands msw 3's frame to the callback as its request, with msw's warning and error as print", () => {
    const seen: string[] = []
    const options = onUnhandled((request, print) => {
      seen.push(request.url)
      if (request.url.includes('/fail')) print.error()
      else print.warning()
    })
    const frameCallback = options.onUnhandledFrame
    if (typeof frameCallback !== 'function') throw new Error('a callback was expected')
    const failing = defaults()
    frameCallback({ frame: httpFrame('https://example.test/fail'), defaults: failing })
    const warned = defaults()
    frameCallback({ frame: httpFrame('https://example.test/ok'), defaults: warned })
    expect(seen).toEqual(['https://example.test/fail', 'https://example.test/ok'])
    expect([failing.error.mock.calls.length, failing.warn.mock.calls.length]).toEqual([1, 0])
    expect([warned.error.mock.calls.length, warned.warn.mock.calls.length]).toEqual([0, 1])
  })

  it("leaves a frame that is not an HTTP request (a WebSocket) to msw's default warning", () => {
    const callback = vi.fn()
    const frameCallback = onUnhandled(callback).onUnhandledFrame
    if (typeof frameCallback !== 'function') throw new Error('a callback was expected')
    const given = defaults()
    frameCallback({ frame: { protocol: 'ws', data: { connection: {} } }, defaults: given })
    expect(callback).not.toHaveBeenCalled()
    expect(given.warn).toHaveBeenCalledTimes(1)
  })
})

describe('onUnhandled with the mock’s baseUrl: a request for the API’s paths elsewhere is said in the console', () => {
  const msw2Callback = (options: ReturnType<typeof onUnhandled>) => {
    const callback = options.onUnhandledRequest
    if (typeof callback !== 'function') throw new Error('a callback was expected')
    return callback
  }
  const print = () => ({ warning: vi.fn(), error: vi.fn() })
  const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined)

  afterEach(() => vi.restoreAllMocks())

  it('names the URL, the base URL the mock answers and the baseUrl that would take it, once per address', () => {
    const warned = warnings()
    const callback = msw2Callback(onUnhandled('bypass', { baseUrl: 'https://api.makeswift.com' }))
    callback(new Request('https://api.makeswift.io/v2/sites?workspaceId=w1'), print())
    callback(new Request('https://api.makeswift.io/v6/pages?siteId=s1'), print())
    expect(warned).toHaveBeenCalledTimes(1)
    const [message] = warned.mock.calls[0] ?? []
    expect(message).toContain('GET https://api.makeswift.io/v2/sites?workspaceId=w1')
    expect(message).toContain('the mock answers at https://api.makeswift.com (its baseUrl)')
    expect(message).toContain('start the mock with baseUrl: "https://api.makeswift.io"')
  })

  it('finds the API under a path prefix, and the control plane too', () => {
    const warned = warnings()
    const callback = msw2Callback(onUnhandled('bypass', { baseUrl: 'http://localhost:4010' }))
    callback(new Request('http://localhost:3000/api/v2/routes', { method: 'POST', body: '{}' }), print())
    callback(new Request('http://localhost:5000/__mock/credentials'), print())
    expect(warned.mock.calls.map(([message]) => String(message).match(/baseUrl: "[^"]*"/)?.[0])).toEqual(['baseUrl: "http://localhost:3000/api"', 'baseUrl: "http://localhost:5000"'])
  })

  it('says nothing of a request that is none of the API’s paths, and the strategy still applies', () => {
    const warned = warnings()
    const callback = msw2Callback(onUnhandled('error', { baseUrl: 'https://api.makeswift.com' }))
    const other = print()
    callback(new Request('https://analytics.example.test/collect'), other)
    const asset = print()
    callback(new Request('https://cdn.example.test/logo.png'), asset)
    const api = print()
    callback(new Request('https://api.makeswift.io/v2/sites'), api)
    expect(warned).toHaveBeenCalledTimes(1)
    // As msw's named strategies: a static file passes, anything else gets msw's error.
    expect([other.error.mock.calls.length, asset.error.mock.calls.length, api.error.mock.calls.length]).toEqual([1, 0, 1])
  })

  it("warns under msw 3's name too, then calls the app's own callback", () => {
    const warned = warnings()
    const own = vi.fn()
    const frameCallback = onUnhandled(own, { baseUrl: 'https://api.makeswift.com' }).onUnhandledFrame
    if (typeof frameCallback !== 'function') throw new Error('a callback was expected')
    frameCallback({ frame: httpFrame('https://api.makeswift.io/v2/locales'), defaults: defaults() })
    expect(warned).toHaveBeenCalledTimes(1)
    expect(own).toHaveBeenCalledTimes(1)
  })
})
