import { ApiError } from '../api/errors.js'
import { compileValidator } from '../api/validate.js'
import type {
  CreateLocaleBody,
  CreatePageBody,
  CreateRouteBody,
  CreateSiteBody,
  FixtureLocale,
  FixturePage,
  FixtureRoute,
  FixtureSite,
  FixtureWorkspace,
  UpdatePageBody,
} from '../generated/types.js'
import type { DbApi } from './db-api.js'
import { MockDbError } from './mock-db-error.js'

/** The writes of one collection, each one of the API's operations. */
export interface RecordWrites<T, Input> {
  /** Creates the record; answers its id. */
  create(values: Input): string
  /** Sends the fields that differ between the record and its edited copy. */
  update(previous: T, next: T): void
  remove(record: T): void
}

/** A page is created with the fields of POST /v6/pages, and may be given any field PATCH takes. */
export type PageInput = CreatePageBody & UpdatePageBody

const CREATE_PAGE_FIELDS = new Set(['siteId', 'pathname', 'name'])
const validatePageUpdate = compileValidator<UpdatePageBody>('page-update.json', 'body')

const encode = encodeURIComponent
const idOf = (body: Record<string, unknown>): string => body.id as string

/** Top-level fields whose values differ (deeply), with their new values. */
function changedFields(previous: object, next: object): Record<string, unknown> {
  const before = previous as Record<string, unknown>
  const changes: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(next)])) {
    const value = (next as Record<string, unknown>)[key]
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = value
  }
  return changes
}

/** Sends a PATCH of the changes, unless there are none. */
function patch(api: DbApi, path: string, owner: { siteId?: string; workspaceId?: string }, changes: Record<string, unknown>): void {
  if (Object.keys(changes).length > 0) api.call('PATCH', path, owner, changes)
}

export function siteWrites(api: DbApi): RecordWrites<FixtureSite, CreateSiteBody> {
  return {
    create: (values) => idOf(api.call('POST', '/v2/sites', { workspaceId: values.workspaceId }, values)),
    update: (previous, next) => patch(api, `/v2/sites/${encode(previous.id)}`, previous, changedFields(previous, next)),
    remove: (site) => void api.call('DELETE', `/v2/sites/${encode(site.id)}`, site),
  }
}

/** Locales and routes: created with a body naming their site, changed and deleted by id within it. */
function siteChildWrites<T extends { id: string; siteId: string }, Input extends { siteId: string }>(api: DbApi, collection: string): RecordWrites<T, Input> {
  const path = (record: T): string => `${collection}/${encode(record.id)}?siteId=${encode(record.siteId)}`
  return {
    create: (values) => idOf(api.call('POST', collection, { siteId: values.siteId }, values)),
    update: (previous, next) => patch(api, path(previous), previous, changedFields(previous, next)),
    remove: (record) => void api.call('DELETE', path(record), record),
  }
}

export const localeWrites = (api: DbApi): RecordWrites<FixtureLocale, CreateLocaleBody> => siteChildWrites(api, '/v2/locales')

export const routeWrites = (api: DbApi): RecordWrites<FixtureRoute, CreateRouteBody> => siteChildWrites(api, '/v2/routes')

export function pageWrites(api: DbApi): RecordWrites<FixturePage, PageInput> {
  const path = (page: FixturePage): string => `/v6/pages/${encode(page.id)}`
  return {
    create(values) {
      const created: Record<string, unknown> = {}
      const edited: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(values)) (CREATE_PAGE_FIELDS.has(key) ? created : edited)[key] = value
      // The fields beyond the create's are checked before anything is written, so a refusal changes nothing.
      if (Object.keys(edited).length > 0) refuseLikeTheApi(() => validatePageUpdate(edited))
      const id = idOf(api.call('POST', '/v6/pages', { siteId: values.siteId }, created))
      patch(api, `/v6/pages/${encode(id)}`, { siteId: values.siteId }, edited)
      return id
    },
    update(previous, next) {
      // The draft's fields are what PATCH takes; a change anywhere else reaches the API as the unknown field it is.
      const { draft: before, ...restBefore } = previous
      const { draft: after, ...restAfter } = next
      patch(api, path(previous), previous, { ...changedFields(restBefore, restAfter), ...changedFields(before, after) })
    },
    remove: (page) => void api.call('DELETE', path(page), page),
  }
}

/** Workspaces come from the scenario or fixture: the API has no operation that writes one. */
export function workspaceWrites(): RecordWrites<FixtureWorkspace, FixtureWorkspace> {
  const refuse = (): never => {
    throw new MockDbError(405, {
      object: 'error',
      code: 'method_not_allowed',
      message: 'Workspaces come from the scenario or fixture; the API has no operation that creates, changes or deletes one. Use mock.reset({ fixture }) instead.',
    })
  }
  return { create: refuse, update: refuse, remove: refuse }
}

function refuseLikeTheApi(check: () => unknown): void {
  try {
    check()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    throw new MockDbError(error.status, error.toBody())
  }
}
