// Single-table access patterns shared by the functions.
//   WS#<ws> / META                      workspace
//   WS#<ws> / SITE#<siteId>             adjacency item (List Sites)
//   SITE#<id> / META                    site
//   SITE#<id> / LOCALE#<id> | PAGE#<id> | ROUTE#<id>
//   KEY#<apiKey> / KEY                  App, Site and publishable keys
//   ID#<id> / ID                        id -> site pointer (strongly consistent stand-in for a GSI)
//   PATHNAME#<siteId>#<pathname> / MARKER     uniqueness of page and route pathnames (exact case)
//   LOCALECODE#<siteId>#<code> / MARKER      uniqueness of live locale codes
import { Table, DynamoError } from './ddb.mjs';
import { notFound, forbidden, badRequest, conflict } from './errors.mjs';

export const table = new Table('site-builder');

export const K = {
  ws: (ws) => ({ PK: `WS#${ws}`, SK: 'META' }),
  wsSite: (ws, site) => ({ PK: `WS#${ws}`, SK: `SITE#${site}` }),
  site: (id) => ({ PK: `SITE#${id}`, SK: 'META' }),
  locale: (site, id) => ({ PK: `SITE#${site}`, SK: `LOCALE#${id}` }),
  page: (site, id) => ({ PK: `SITE#${site}`, SK: `PAGE#${id}` }),
  route: (site, id) => ({ PK: `SITE#${site}`, SK: `ROUTE#${id}` }),
  key: (k) => ({ PK: `KEY#${k}`, SK: 'KEY' }),
  id: (id) => ({ PK: `ID#${id}`, SK: 'ID' }),
  pathname: (site, p) => ({ PK: `PATHNAME#${site}#${p}`, SK: 'MARKER' }),
  code: (site, c) => ({ PK: `LOCALECODE#${site}#${c}`, SK: 'MARKER' }),
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
// TTL deletion lags in DynamoDB; readers ignore expired items themselves.
export const alive = (item) => item && !(item.ttl && item.ttl <= nowSeconds());

export function get(key) {
  const it = table.getItem(key);
  return alive(it) ? it : undefined;
}

export function queryAll(pk, prefix, filter) {
  return table.query({ PK: pk, skPrefix: prefix, Filter: (it) => alive(it) && (!filter || filter(it)) }).Items;
}

// Runs a transaction; a failed condition on the item at index i is reported via onFail(i).
export function transact(ops, onFail) {
  try {
    table.transactWrite(ops);
  } catch (e) {
    if (e instanceof DynamoError && e.name === 'TransactionCanceledException') {
      const i = e.reasons.indexOf('ConditionalCheckFailed');
      throw onFail?.(i) ?? conflict('The request conflicts with the current state of the resource');
    }
    if (e instanceof DynamoError && e.name === 'ValidationException') throw badRequest(e.message, [{ field: 'body', message: e.message }]);
    throw e;
  }
}

export function batchDelete(keys) {
  table.batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

// ---------- principals and sites ----------
export function loadSite(siteId) {
  const site = get(K.site(siteId));
  if (!site) throw notFound(`Site ${siteId} not found`);
  return site;
}

export function assertSiteAccess(principal, site) {
  if (principal.kind === 'app' ? site.workspaceId !== principal.workspaceId : site.id !== principal.siteId) {
    throw forbidden('This API key has no access to this site');
  }
}

export function siteFor(principal, siteId) {
  const site = loadSite(siteId);
  assertSiteAccess(principal, site);
  return site;
}

export function liveLocales(siteId) {
  return queryAll(`SITE#${siteId}`, 'LOCALE#', (l) => !l.deletedAt);
}

export function defaultLocaleOf(siteId) {
  return liveLocales(siteId).find((l) => l.isDefault);
}

export function renderSite(site) {
  return {
    object: 'site',
    id: site.id,
    name: site.name,
    hostOrigin: site.hostOrigin ?? null,
    publicApiKey: site.publicApiKey,
    defaultLocale: defaultLocaleOf(site.id)?.locale ?? site.defaultLocale,
    localeManagementMode: site.localeManagementMode,
  };
}

export function renderLocale(l) {
  return { object: 'locale', id: l.id, locale: l.locale, domain: l.domain ?? null, pathPrefix: l.pathPrefix ?? null, isDefault: l.isDefault === true };
}

export function renderRoute(r) {
  return { object: 'route', id: r.id, pathname: r.pathname };
}

// id -> item through the ID# pointer
export function byId(id, type) {
  const ptr = get(K.id(id));
  if (!ptr || ptr.type !== type) return undefined;
  const key = { locale: K.locale, page: K.page, route: K.route }[type](ptr.siteId, id);
  return get(key);
}

export { conflict };
