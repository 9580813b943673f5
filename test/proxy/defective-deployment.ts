import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Defects a shadow must find on a deployment that otherwise keeps the contract, each put in
 * front of one by rewriting its answers: every answer keeps its documented status and shape.
 * - cursor-skips-an-item: a page after a cursor leaves out the item that follows the cursor;
 * - has-more-one-early: hasMore is false when exactly one item follows the page (it is never seen);
 * - has-more-one-late: hasMore is true when no item follows a full page (the next page is empty);
 * - updated-at-frozen: a page's updatedAt stays what it was when the page was first seen.
 */
export const DEFECTS = ['cursor-skips-an-item', 'has-more-one-early', 'has-more-one-late', 'updated-at-frozen'] as const
export type Defect = (typeof DEFECTS)[number]

type Json = Record<string, unknown>
const LIST_PATH = /^\/(v2\/(sites|locales|routes)|v6\/pages|v2\/sites\/[^/]+\/pages)$/
const DEFAULT_LIMIT = 20

export interface Defective {
  url: string
  close(): Promise<void>
}

/**
 * A server in front of `upstream` (a conforming deployment) with one defect, or none; `holdMs`
 * holds the answer of a request back after the deployment gave it, so that answers come back in
 * another order than the deployment ran their requests, as they may on any network.
 */
export async function startDefective(upstream: string, defect: Defect | undefined, holdMs: (method: string, path: string) => number = () => 0): Promise<Defective> {
  const firstUpdatedAt = new Map<string, unknown>()
  const freeze = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(freeze)
    if (value === null || typeof value !== 'object') return value
    const object = Object.fromEntries(Object.entries(value as Json).map(([name, inner]) => [name, freeze(inner)]))
    if (object.object === 'page' && typeof object.id === 'string' && 'updatedAt' in object) {
      if (!firstUpdatedAt.has(object.id)) firstUpdatedAt.set(object.id, object.updatedAt)
      object.updatedAt = firstUpdatedAt.get(object.id)
    }
    return object
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', upstream)
        const isList = request.method === 'GET' && LIST_PATH.test(url.pathname)
        const limit = Number(url.searchParams.get('limit') ?? DEFAULT_LIMIT)
        const skipping = defect === 'cursor-skips-an-item' && isList && url.searchParams.has('startingAfter')
        // Asks for more than the client did, to know what follows the page.
        if (skipping) url.searchParams.set('limit', String(limit + 1))
        if (defect === 'has-more-one-early' && isList) url.searchParams.set('limit', String(Math.min(100, limit + 2)))
        if (defect === 'has-more-one-late' && isList) url.searchParams.set('limit', String(Math.min(100, limit + 1)))
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value
        const body = chunks.length ? Buffer.concat(chunks) : undefined
        const answer = await fetch(url, { method: request.method, headers, body })
        const text = await answer.text()
        let json = text ? (JSON.parse(text) as unknown) : undefined
        if (answer.status === 200 && isList && json !== null && typeof json === 'object') {
          const list = json as { data: Json[]; hasMore: boolean }
          if (skipping) json = { ...list, data: list.data.slice(1) }
          if (defect === 'has-more-one-early') json = { ...list, data: list.data.slice(0, limit), hasMore: list.data.length > limit + 1 || list.hasMore }
          // A full page says more follow, whether or not any does.
          if (defect === 'has-more-one-late') json = { ...list, data: list.data.slice(0, limit), hasMore: list.data.length >= limit }
        }
        if (defect === 'updated-at-frozen') json = freeze(json)
        const out = json === undefined ? '' : JSON.stringify(json)
        const hold = holdMs(request.method ?? 'GET', url.pathname)
        if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold))
        const kept: Record<string, string> = {}
        answer.headers.forEach((value, name) => {
          if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection' && name !== 'keep-alive') kept[name] = value
        })
        response.writeHead(answer.status, { ...kept, ...(out ? { 'content-length': String(Buffer.byteLength(out)) } : {}) }).end(out)
      })().catch((error: unknown) => response.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
