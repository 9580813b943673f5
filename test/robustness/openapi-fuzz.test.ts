import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { CODE_OF_STATUS } from '../../src/api/errors.js'
import { startMock, TRANSPORTS, type TestServer } from '../support/harness.js'
import { limitSweep, operationsOf, requestFor, type GeneratedRequest, type KnownValues, type OpenApiOperation } from '../support/openapi-requests.js'

/** The seed of the random draws; FUZZ_SEED=N replays another run. Printed with every failure. */
const SEED = Number(process.env.FUZZ_SEED ?? 19)
/** Batches per transport, each on a freshly reset state; sized to keep the file within a minute on two CPUs. */
const RUNS = 110

const SERVED_ID = 'https://sitemock.test/served-openapi.json'

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** node:http rather than fetch: fetch lowercases header names, and a fuzzer sends them as it likes. */
function send(baseUrl: string, agent: http.Agent, request: GeneratedRequest): Promise<Answer> {
  const url = new URL(baseUrl)
  const length = request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) }
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers: { ...request.headers, ...length }, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

/** What a generic client may rely on for every answer: the document's statuses, bodies and headers. */
class Judge {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true })
  private readonly validators = new Map<string, ValidateFunction | undefined>()

  constructor(private readonly document: Record<string, unknown>) {
    addFormats.default(this.ajv)
    this.ajv.addSchema({ ...document, $id: SERVED_ID })
  }

  check(operation: OpenApiOperation, request: GeneratedRequest, answer: Answer): void {
    const shown = `${request.method} ${request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} characters)` : request.path}`
    const context = `${shown}\n  headers ${JSON.stringify(request.headers)}\n  body ${request.body === undefined ? 'none' : JSON.stringify(request.body.slice(0, 200))}${(request.body?.length ?? 0) > 200 ? `… (${request.body!.length} characters)` : ''}\n  answered ${answer.status} ${answer.text.slice(0, 300)}\n  seed ${SEED} (FUZZ_SEED=${SEED} replays it)`
    if (answer.status >= 500) throw new Error(`a 5xx: ${context}`)
    if (!operation.statuses.includes(answer.status)) throw new Error(`a status the document does not list for ${operation.method} ${operation.path} (${operation.statuses.join(', ')}): ${context}`)
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      if (!/^\d+$/.test(String(answer.headers[name]))) throw new Error(`no ${name} header: ${context}`)
    }
    if (answer.status === 204) {
      if (answer.text !== '') throw new Error(`a 204 with a body: ${context}`)
      return
    }
    if (!/^application\/json/.test(answer.headers['content-type'] ?? '')) throw new Error(`not JSON: ${context}`)
    const body = JSON.parse(answer.text) as { object?: string; code?: string }
    if (answer.status >= 400 && (body.object !== 'error' || body.code !== CODE_OF_STATUS[answer.status])) throw new Error(`not the error envelope: ${context}`)
    const validate = this.validator(operation, answer.status)
    if (validate && !validate(body)) throw new Error(`a body off the document's schema (${this.ajv.errorsText(validate.errors)}): ${context}`)
  }

  private validator(operation: OpenApiOperation, status: number): ValidateFunction | undefined {
    const key = `${operation.method} ${operation.path} ${status}`
    if (!this.validators.has(key)) {
      const pointer = ['paths', operation.path, operation.method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']
      let node: unknown = this.document
      for (const part of pointer) node = (node as Record<string, unknown> | undefined)?.[part]
      const ref = `${SERVED_ID}#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`
      this.validators.set(key, node === undefined ? undefined : this.ajv.compile({ $ref: ref }))
    }
    return this.validators.get(key)
  }
}

/** Real keys, ids, codes and pathnames of the default scenario, so that valid draws find records. */
function knownValues(server: TestServer): KnownValues {
  const store = server.mock.store
  const { workspaces, sites } = server.mock.credentials()
  const locales = [...store.sites.keys()].flatMap((siteId) => [...store.locales.ofSite(siteId).values()])
  const pages = [...store.pages.byId.values()].slice(0, 8)
  const routes = [...store.routes.byId.values()]
  return {
    keys: [...workspaces.map((w) => w.appApiKey), ...sites.map((s) => s.siteApiKey)],
    ids: [...workspaces.map((w) => w.id), ...sites.map((s) => s.id), ...locales.map((l) => l.id), ...pages.map((p) => p.id), ...routes.map((r) => r.id)],
    codes: locales.map((l) => l.locale),
    pathnames: [...pages.map((p) => p.draft.pathname), ...routes.map((r) => r.pathname)],
  }
}

describe.each(TRANSPORTS)('requests generated from the served OpenAPI document, over %s', (transport) => {
  it('never answer a 5xx, and always answer a listed status with its body and the rate-limit headers', async () => {
    const server = await startMock({ transport })
    // A connection a request: a kept-alive one idle past the server's keep-alive timeout (a
    // stall on a busy machine) is closed under the next request, which then fails as a reset.
    const agent = new http.Agent({ keepAlive: false, maxSockets: 1 })
    let sent = 0
    try {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Record<string, unknown>
      const operations = operationsOf(document)
      expect(operations.length).toBeGreaterThan(20)
      const judge = new Judge(document)
      const known = knownValues(server)
      const run = async (operation: OpenApiOperation, request: GeneratedRequest): Promise<void> => {
        sent++
        const answer = await send(server.url, agent, request).catch((error: Error) => {
          throw new Error(`no answer (${error.message}): ${request.method} ${request.path.slice(0, 300)}\n  headers ${JSON.stringify(request.headers)}\n  body ${JSON.stringify(request.body?.slice(0, 200))}\n  seed ${SEED}`)
        })
        judge.check(operation, request, answer)
      }
      // Through the same connection as the requests: a second one would sit idle through a batch.
      const reset = async (): Promise<void> => {
        const answer = await send(server.url, agent, { method: 'POST', path: '/__mock/reset', headers: {} })
        if (answer.status !== 200) throw new Error(`reset answered ${answer.status} ${answer.text}`)
      }

      // Every limit of every parameter, in characters of 1 to 4 bytes, with the others valid.
      const site = server.mock.credentials().sites[0]!
      const validOf = (name: string): string =>
        ({ siteId: site.id, workspaceId: server.mock.credentials().workspaces[0]!.id, localeIdOrCode: 'en-US', pageIdOrPathname: '/', routeIdOrPathname: '/shop/cart' })[name] ?? ''
      for (const operation of operations) {
        await reset()
        for (const request of limitSweep(operation, known, validOf)) await run(operation, request)
      }

      const draw = fc.oneof(...operations.map((operation) => requestFor(document, operation, known).map((request) => ({ operation, request }))))
      await fc.assert(
        fc.asyncProperty(fc.array(draw, { minLength: 1, maxLength: 14 }), async (batch) => {
          await reset()
          for (const { operation, request } of batch) await run(operation, request)
        }),
        // No shrinking: each step replays requests; the failing request itself is in the message.
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
      console.info(`OpenAPI fuzz over ${transport}: ${sent} generated requests, seed ${SEED}, ${operations.length} operations`)
    } finally {
      agent.destroy()
      await server.close()
    }
  }, 120_000)
})
