/**
 * The API's resources, lists, error envelope and request shapes as TypeScript types, for code
 * that calls the service: `import type { Page, PageList, ErrorBody } from 'sitemock'` in Node,
 * or from 'sitemock/handlers' and 'sitemock/browser' in a page. Types only, so this module
 * costs a bundle nothing and names nothing of Node's. Each is generated from its JSON Schema in
 * contracts/schemas (src/generated/types.ts, `npm run gen:types`): the same shapes the mock
 * validates and answers with.
 */
import type { ListEnvelope, Locale, Page, Route, Site } from './generated/types.js'

export type {
  CreateLocaleBody,
  CreatePageBody,
  CreateRouteBody,
  CreateRouteQuery,
  CreateSiteBody,
  Credentials,
  DuplicateSiteBody,
  ErrorBody,
  ErrorDetail,
  GetPageQuery,
  ListEnvelope,
  ListLocalesQuery,
  ListPagesQuery,
  ListRoutesQuery,
  ListSitePagesQuery,
  ListSitesQuery,
  Locale,
  NullableSitemapFrequency,
  Page,
  PageLocalization,
  PageSortBy,
  Route,
  SiteCredentials,
  Site,
  ThrottledBody,
  UpdateLocaleBody,
  UpdatePageBody,
  UpdateRouteBody,
  UpdateRouteQuery,
  UpdateSiteBody,
  VersionRef,
  WorkspaceCredentials,
} from './generated/types.js'

/** A list response: list.json's envelope, its `data` typed by the resource schema of the operation. */
export type List<T> = Omit<ListEnvelope, 'data'> & { data: T[] }
export type SiteList = List<Site>
export type LocaleList = List<Locale>
/** GET /v6/pages and GET /v2/sites/{siteId}/pages. */
export type PageList = List<Page>
export type RouteList = List<Route>
