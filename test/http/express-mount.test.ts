import express from 'express'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock.js'
import { createExpressMiddleware, mockErrorHandler } from '../../src/transports/express.js'

/** The express mount inside an app of its own: mount paths, basePath, body parsers before it. */
describe('sitemock/express in an app', () => {
  const mock = createMock({ rateLimit: false })
  const { workspaces, sites } = mock.credentials()
  const headers = { 'x-api-key': workspaces[0]!.appApiKey, 'content-type': 'application/json' }
  let server: Server
  let url: string

  beforeAll(async () => {
    const app = express()
    app.use('/parsed', express.json(), createExpressMiddleware(mock))
    app.use('/text', express.text({ type: '*/*' }), createExpressMiddleware(mock, { maxBody: 64 }))
    app.use('/mounted', createExpressMiddleware(mock))
    app.use(createExpressMiddleware(mock, { basePath: '/base/' }))
    app.get('/own', (_req, res) => res.json({ own: true }))
    const failing: express.RequestHandler = (req, _res, next) => next(req.path === '/fail' ? new Error('the app failed') : undefined)
    app.use('/guarded', express.json({ limit: 200 }), failing, createExpressMiddleware(mock), mockErrorHandler())
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).json({ app: error.message }))
    server = app.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('answers under a mount path and under basePath, and leaves other paths to the app', async () => {
    expect((await fetch(`${url}/mounted/v2/sites/${sites[0]!.id}`, { headers })).status).toBe(200)
    expect((await fetch(`${url}/base/v2/sites/${sites[0]!.id}`, { headers })).status).toBe(200)
    expect(await (await fetch(`${url}/own`)).json()).toEqual({ own: true })
    expect(await (await fetch(`${url}/base`)).json()).toMatchObject({ object: 'error', code: 'not_found' })
  })

  it('sends /__mock on to /__mock/ under the mount path and under basePath', async () => {
    for (const prefix of ['/mounted', '/base']) {
      const redirect = await fetch(`${url}${prefix}/__mock`, { redirect: 'manual' })
      expect(redirect.status).toBe(308)
      expect(new URL(redirect.headers.get('location')!, redirect.url).href).toBe(`${url}${prefix}/__mock/`)
      expect((await fetch(`${url}${prefix}/__mock`)).url).toBe(`${url}${prefix}/__mock/`)
    }
  })

  it('judges a body that express.json() has already parsed, refusals with details included', async () => {
    const body = JSON.stringify({ siteId: sites[0]!.id, pathname: '/parsed-first', name: 'Parsed first' })
    const created = await fetch(`${url}/parsed/v6/pages`, { method: 'POST', headers, body })
    expect(created.status).toBe(201)
    const unknown = await fetch(`${url}/parsed/v6/pages`, { method: 'POST', headers, body: JSON.stringify({ siteId: sites[0]!.id, pathname: '/x', name: 'x', extra: 1 }) })
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(['extra'])
  })

  it('holds a body read by another parser to the same limit: a 413 in the envelope', async () => {
    const big = JSON.stringify({ siteId: sites[0]!.id, pathname: '/long', name: 'x'.repeat(100) })
    const response = await fetch(`${url}/text/v6/pages`, { method: 'POST', headers, body: big })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ object: 'error', code: 'payload_too_large' })
  })

  describe('behind express.json() with mockErrorHandler() after the mock', () => {
    const post = (body: string, extra: Record<string, string> = {}): Promise<Response> => fetch(`${url}/guarded/v6/pages`, { method: 'POST', headers: { ...headers, ...extra }, body })
    const envelope = async (response: Response): Promise<{ object: string; code: string; details?: Array<{ field: string; message: string }> }> => {
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const text = await response.text()
      expect(text).not.toMatch(/\n\s+at /)
      return JSON.parse(text) as { object: string; code: string; details?: Array<{ field: string; message: string }> }
    }

    it('answers malformed JSON with a 400 naming the body', async () => {
      const response = await post('{"siteId": ')
      expect(response.status).toBe(400)
      const body = await envelope(response)
      expect(body).toMatchObject({ object: 'error', code: 'bad_request' })
      expect(body.details).toEqual([{ field: '(body)', message: expect.stringMatching(/^is not valid JSON \(.+\); send a JSON object$/) as string }])
    })

    it("answers a body past the parser's limit with a 413", async () => {
      const response = await post(JSON.stringify({ siteId: sites[0]!.id, pathname: '/big', name: 'x'.repeat(300) }))
      expect(response.status).toBe(413)
      expect(await envelope(response)).toMatchObject({ object: 'error', code: 'payload_too_large', message: 'The request body is larger than the limit of 200 bytes.' })
    })

    it('answers a charset or content encoding the parser cannot read with a 400 naming the header', async () => {
      const charset = await post('{}', { 'content-type': 'application/json; charset=latin1' })
      expect(charset.status).toBe(400)
      expect((await envelope(charset)).details![0]!.field).toBe('content-type')
      const encoding = await post('{}', { 'content-encoding': 'x-zip' })
      expect(encoding.status).toBe(400)
      expect((await envelope(encoding)).details![0]!.field).toBe('content-encoding')
    })

    it("still lets a valid body through, and leaves the app's own errors to the app", async () => {
      const created = await post(JSON.stringify({ siteId: sites[0]!.id, pathname: '/guarded', name: 'Guarded' }))
      expect(created.status).toBe(201)
      const failed = await fetch(`${url}/guarded/fail`)
      expect(failed.status).toBe(500)
      expect(await failed.json()).toEqual({ app: 'the app failed' })
    })
  })
})
