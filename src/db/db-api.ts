import { withBody } from '../api/kept-text.js'
import type { ApiRequest, ApiResponse } from '../api/types.js'
import type { ErrorBody } from '../generated/types.js'
import type { Store } from '../store/store.js'
import { MockDbError } from './mock-db-error.js'

/** What mock.db needs of its mock: the state, how often it may have changed, and the API's own write path. */
export interface DbSource {
  store(): Store
  /** Grows with every request that may have changed the state, and with every reset. */
  version(): number
  /** Runs an API request as the operations do, without the rate limit, journal, faults or overrides. */
  write(request: ApiRequest): ApiResponse
  /** undefined when every change is saved; otherwise settles once it is. */
  settled(): Promise<void> | undefined
}

/** Who a write acts for: the workspace that owns the site (or is named), whose App key it sends. */
export interface Owner {
  siteId?: string
  workspaceId?: string
}

/**
 * Calls the API's operations for mock.db's writes, with the App key of the workspace the record
 * belongs to, so every write meets the same validation, access and conflict rules as a request.
 */
export class DbApi {
  constructor(private readonly source: Pick<DbSource, 'store' | 'write'>) {}

  /** The operation's JSON answer; a refusal throws a MockDbError with the API's status and envelope. */
  call(method: string, path: string, owner: Owner, body?: unknown): Record<string, unknown> {
    const [pathname, query = ''] = path.split('?')
    const key = this.keyOf(owner)
    const response = withBody(this.source.write({
      method,
      path: pathname!,
      query,
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }))
    if (response.status >= 400) throw new MockDbError(response.status, response.body as ErrorBody)
    return (response.body ?? {}) as Record<string, unknown>
  }

  /** The owner's App key; a site or workspace that does not exist gets another workspace's, and the API's own 404. */
  private keyOf(owner: Owner): string | undefined {
    const store = this.source.store()
    const workspaceId = owner.workspaceId ?? (owner.siteId === undefined ? undefined : store.sites.get(owner.siteId.toLowerCase())?.workspaceId)
    const workspace = (workspaceId === undefined ? undefined : store.workspaces.get(workspaceId.toLowerCase())) ?? store.workspaces.values().next().value
    return workspace?.appApiKey
  }
}
