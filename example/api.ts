import type { CreatePageBody, ErrorBody, ListEnvelope, Page, Site } from '../src/generated/types.js'

/** The service's error envelope as an exception, so the page can show its message and details. */
export class ApiFailure extends Error {
  constructor(readonly status: number, readonly body: ErrorBody) {
    super(body.message)
  }
}

export interface List<T> extends ListEnvelope {
  data: T[]
}

/**
 * A plain fetch client for the real API paths. Nothing in it knows about the mock: pointed at
 * the real service with real keys, it would work the same.
 */
export function createClient(baseUrl: string) {
  const base = baseUrl.replace(/\/$/, '')
  async function call<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(base + path, {
      method,
      headers: body === undefined ? { 'x-api-key': key } : { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json: unknown = await response.json()
    if (!response.ok) throw new ApiFailure(response.status, json as ErrorBody)
    return json as T
  }
  const query = (params: Record<string, string | number | undefined>): string =>
    new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()
  return {
    listSites: (appKey: string, workspaceId: string) => call<List<Site>>(appKey, 'GET', `/v2/sites?${query({ workspaceId, limit: 100 })}`),
    listPages: (key: string, siteId: string, limit: number, startingAfter?: string) =>
      call<List<Page>>(key, 'GET', `/v6/pages?${query({ siteId, limit, startingAfter })}`),
    createPage: (key: string, body: CreatePageBody) => call<Page>(key, 'POST', '/v6/pages', body),
  }
}
