import { ContractClient, InterruptedError, NetworkError, rateLimitWait, type Exchange } from '../contract/http-client.js'
import { operationAt } from '../contract/endpoints.js'
import { defaultMaxRps, Throttle } from '../contract/throttle.js'
import { CreatedResources } from '../contract/tracker.js'
import { contractsValidator, publishedValidator, violations } from '../contracts/response-check.js'
import { appendAll } from '../append.js'

/** Why a snapshot stopped: one line that names the request and what came back. */
export class SnapshotError extends Error {}

export interface ReaderOptions {
  baseUrl: string
  maxRps?: number
  timeoutMs?: number
  fetch?: typeof fetch
  signal?: AbortSignal
  /** Called once per answered request, with what it read. */
  onRequest(what: string): void
  notice(message: string): void
}

/** The largest page size every list of the API accepts. */
const PAGE_SIZE = 100
/** A 5xx or a dropped connection is tried this many times more: every request here is a GET. */
const SERVER_ERROR_RETRIES = 2
const DEFAULT_TIMEOUT_MS = 30_000

/**
 * Reads the API with GET only, through the contract suite's client (read-only, paced, patient
 * on 429): one resource, or a whole list by following its cursor to the end. Every answer is
 * judged against the response schema of its operation before it is used.
 */
export class ApiReader {
  private readonly client: ContractClient
  private readonly throttle: Throttle

  constructor(private readonly options: ReaderOptions) {
    this.throttle = new Throttle(1, options.maxRps ?? defaultMaxRps(options.baseUrl))
    this.client = new ContractClient({
      baseUrl: options.baseUrl,
      // No key of its own: every request names the key it reads with (a snapshot may hold several).
      apiKey: '',
      throttle: this.throttle,
      tracker: new CreatedResources(),
      // The client refuses anything but GET: a snapshot can never change the deployment.
      readOnly: true,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      notice: options.notice,
      ...(options.signal ? { signal: options.signal, fetch: abortable(options.fetch ?? fetch, options.signal) } : options.fetch ? { fetch: options.fetch } : {}),
    })
  }

  async one<T>(template: string, params: Record<string, string>, what: string, key: string): Promise<T> {
    const exchange = checked(template, await this.get(template, params, {}, key))
    this.options.onRequest(what)
    return exchange.body as T
  }

  /** One resource, or undefined when the deployment answers that it does not show it (404, or 400 for a form it refuses). */
  async found<T>(template: string, params: Record<string, string>, query: Record<string, string>, what: string, key: string): Promise<T | undefined> {
    const exchange = await this.get(template, params, query, key)
    this.options.onRequest(`${what}: ${exchange.status === 200 ? 'shown' : 'not shown'}`)
    if (exchange.status === 404 || exchange.status === 400) return undefined
    return checked(template, exchange).body as T
  }

  /** Every item of a list, page after page until hasMore is false. */
  async all<T extends { id: string | null }>(template: string, query: Record<string, string>, what: string, key: string): Promise<T[]> {
    const items: T[] = []
    let cursor: string | undefined
    for (;;) {
      const exchange = checked(template, await this.get(template, {}, { ...query, limit: PAGE_SIZE, startingAfter: cursor }, key))
      const { data, hasMore } = exchange.body as { data: T[]; hasMore: boolean }
      appendAll(items, data)
      this.options.onRequest(`${what}: ${items.length}`)
      if (!hasMore) return items
      const lastItem = data.at(-1)
      const last = lastItem?.id ?? undefined
      // A list that says there is more but gives no new cursor would be walked forever.
      if (last === undefined || last === cursor) {
        const why = lastItem === undefined ? 'is empty' : last === undefined ? 'ends on an item without an id' : 'ends on the cursor it was asked for'
        throw new SnapshotError(`GET ${exchange.request.path}: hasMore is true but the page ${why}; the list cannot be followed`)
      }
      cursor = last
    }
  }

  /** The answer, after the retries a 5xx or a dropped connection earns; not yet judged (checked() does). */
  private async get(template: string, params: Record<string, string>, query: Record<string, string | number | undefined>, key: string): Promise<Exchange> {
    for (let retry = 0; ; retry++) {
      let exchange: Exchange
      try {
        exchange = await this.client.send({ method: 'GET', template, params, query, key })
      } catch (error) {
        if (this.options.signal?.aborted) throw new InterruptedError('interrupted')
        if (!(error instanceof NetworkError) || retry >= SERVER_ERROR_RETRIES) throw error
        await this.wait(500 * 2 ** retry, `${error.message}: trying again`)
        continue
      }
      // The limit announced as used up: the next request waits for the window to reset rather than earn a 429.
      if (exchange.headers.get('x-ratelimit-remaining')?.trim() === '0') this.throttle.pauseUntil(Date.now() + rateLimitWait(exchange.headers).ms)
      if (exchange.status >= 500 && retry < SERVER_ERROR_RETRIES) {
        const wait = exchange.headers.has('retry-after') ? rateLimitWait(exchange.headers).ms : 500 * 2 ** retry
        await this.wait(wait, `${exchange.status} on GET ${exchange.request.path}: trying again`)
        continue
      }
      return exchange
    }
  }

  private async wait(ms: number, message: string): Promise<void> {
    this.options.notice(`${message} in ${(ms / 1000).toFixed(1)} s`)
    const signal = this.options.signal
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', stop)
        resolve()
      }
      const timer = setTimeout(stop, ms)
      signal?.addEventListener('abort', stop)
    })
  }
}

/**
 * The fetch, its requests also cancelled by the signal: the suite's client lets a request in
 * flight finish (a create must be known to be cleaned up), but a GET can simply be dropped.
 */
function abortable(send: typeof fetch, signal: AbortSignal): typeof fetch {
  return (input, init) => send(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal })
}

/** The exchange when it is a 200 whose body has the operation's shape; otherwise why not, in one line. */
function checked(template: string, exchange: Exchange): Exchange {
  const { path } = exchange.request
  if (exchange.status !== 200) {
    const body = exchange.body as { code?: unknown; message?: unknown } | undefined
    const said = typeof body?.message === 'string' ? `: ${typeof body.code === 'string' ? `${body.code}: ` : ''}${body.message}` : ''
    throw new SnapshotError(`GET ${path} answered ${exchange.status}${said}`)
  }
  if (exchange.body === undefined) throw new SnapshotError(`GET ${path} answered 200 without a JSON body${exchange.jsonError ? ` (${exchange.jsonError})` : ''}`)
  const shape = operationAt('GET', template)!.success.shape
  // The published document is what a deployment answers by; the service rules cover what it leaves out (routes).
  const published = publishedValidator('GET', template, 200)
  const validate = published ?? contractsValidator(shape, 200)
  const [first] = validate ? violations(published ? 'published' : 'contracts', validate, exchange.body) : []
  if (first) throw new SnapshotError(`GET ${path} answered a body that is not the documented shape: at ${first.pointer}, ${first.message}`)
  return exchange
}
