import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Group } from '../../src/contract/types.js'
import type { StartedImplementation } from './support.js'

/**
 * Defects of documented rules put in front of a deployment that runs as a process of its own
 * (outsider/): a proxy that changes what passes through it, so that the deployment's own code
 * stays as its author wrote it. Each defect breaks a statement of the documents and keeps every
 * answer schema-valid.
 */
export const OUTSIDER_DEFECTS = {
  /** The specification: a Site key is valid "without permission" elsewhere (403); here another site's data is read with the App key in its place. */
  'site-key-reads-other-sites': { breaks: 'a Site key reads what its site does not hold', group: 'auth' },
  /** The specification's pagination: hasMore tells whether more items follow; here it never does. */
  'has-more-never': { breaks: 'hasMore is always false', group: 'pagination' },
  /** The published OpenAPI: sortDirection "The sort direction."; here desc is served as asc. */
  'sort-direction-ignored': { breaks: 'sortDirection=desc lists ascending', group: 'pagination' },
  /** The specification: 204 on delete, and the resource is gone; here a page delete answers 204 and deletes nothing. */
  'page-delete-keeps': { breaks: 'a page delete answers 204 and keeps the page', group: 'lifecycle' },
} as const satisfies Record<string, { breaks: string; group: Group }>
export type OutsiderDefect = keyof typeof OUTSIDER_DEFECTS

type Forward = (method: string, path: string, headers: Record<string, string>, body: Buffer) => Promise<{ status: number; headers: Headers; body: Buffer }>

/** The request the defect sends on, or the answer it gives in the deployment's place. */
async function throughDefect(defect: OutsiderDefect, target: StartedImplementation, forward: Forward, method: string, path: string, headers: Record<string, string>, body: Buffer) {
  const url = new URL(path, 'http://proxy')
  if (defect === 'sort-direction-ignored' && url.searchParams.get('sortDirection') === 'desc') {
    url.searchParams.set('sortDirection', 'asc')
    return forward(method, url.pathname + url.search, headers, body)
  }
  if (defect === 'page-delete-keeps' && method === 'DELETE' && url.pathname.startsWith('/v6/pages/')) {
    const found = await forward('GET', path, headers, Buffer.alloc(0))
    if (found.status === 200) return { status: 204, headers: new Headers(), body: Buffer.alloc(0) }
  }
  const answer = await forward(method, path, headers, body)
  if (defect === 'site-key-reads-other-sites' && method === 'GET' && answer.status === 403 && headers['x-api-key'] === target.siteApiKey) {
    return forward(method, path, { ...headers, 'x-api-key': target.appKey }, body)
  }
  if (defect === 'has-more-never' && answer.status === 200) {
    const parsed = JSON.parse(answer.body.toString() || 'null') as { object?: string; hasMore?: boolean } | null
    if (parsed?.object === 'list' && parsed.hasMore === true) return { ...answer, body: Buffer.from(JSON.stringify({ ...parsed, hasMore: false })) }
  }
  return answer
}

/** A proxy with one defect in front of a started deployment: the suite's view of it, at the proxy's URL. */
export async function withDefect(target: StartedImplementation, defect: OutsiderDefect): Promise<StartedImplementation & { close(): Promise<void> }> {
  const forward: Forward = async (method, path, headers, body) => {
    const response = await fetch(target.url + path, { method, headers, body: body.length > 0 ? new Uint8Array(body) : undefined })
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host' && entry[0] !== 'content-length'))
      throughDefect(defect, target, forward, request.method ?? 'GET', request.url ?? '/', headers, Buffer.concat(chunks)).then(
        (answer) => {
          const type = answer.headers.get('content-type')
          response.writeHead(answer.status, type === null ? {} : { 'content-type': type })
          response.end(answer.body)
        },
        () => response.writeHead(502).end(),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { ...target, url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
