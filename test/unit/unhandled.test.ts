import { describe, expect, it, vi } from 'vitest'
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
