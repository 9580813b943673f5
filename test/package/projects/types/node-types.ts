// A Node project's TypeScript: the same types from the main entry.
import { createMock, type ErrorBody, type Page, type PageList, type Site } from 'sitemock'

const mock = createMock()
const site = mock.credentials().sites[0]!
const response = mock.handle({ method: 'GET', path: '/v6/pages', query: `siteId=${site.id}`, headers: { 'x-api-key': site.publicApiKey } })
export const pages: Page[] = response.status === 200 ? (response.body as PageList).data : []
export const failure: ErrorBody | undefined = response.status === 200 ? undefined : (response.body as ErrorBody)
export const siteName = (each: Site): string => each.name
