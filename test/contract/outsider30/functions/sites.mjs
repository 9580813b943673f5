// Lambda "sites": /v2/sites, /v2/sites/{siteId}, /v2/sites/{siteId}/duplicate
import { handler, json, body, query, LIST_QUERY, UUID_Q, NAME, LOCALE_CODE, canonLocale, canon, page } from '../lib/lambda.mjs';
import { badField, forbidden } from '../lib/errors.mjs';
import { table, K, get, queryAll, transact, batchDelete, siteFor, renderSite, liveLocales } from '../lib/store.mjs';
import { uuidv7, secretUuid, now } from '../lib/ids.mjs';

const URI = { type: 'string', format: 'uri' };

export function httpUrl(field, value) {
  let u;
  try {
    u = new URL(value);
  } catch {
    u = null;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) throw badField(field, 'must be an absolute http or https URL');
}

function siteItems(site, locales) {
  const ops = [
    { Put: { Item: { ...K.site(site.id), type: 'site', ...site }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { Item: { ...K.wsSite(site.workspaceId, site.id), type: 'wsSite', siteId: site.id } } },
    { Put: { Item: { ...K.key(site.siteApiKey), type: 'key', keyKind: 'site', siteId: site.id, workspaceId: site.workspaceId } } },
    { Put: { Item: { ...K.key(site.publicApiKey), type: 'key', keyKind: 'public', siteId: site.id, workspaceId: site.workspaceId } } },
  ];
  for (const l of locales) {
    ops.push({ Put: { Item: { ...K.locale(site.id, l.id), type: 'locale', ...l } } });
    ops.push({ Put: { Item: { ...K.code(site.id, l.locale), type: 'codeMarker', id: l.id } } });
    ops.push({ Put: { Item: { ...K.id(l.id), type: 'locale', siteId: site.id } } });
  }
  return ops;
}

export function createSiteRecord({ workspaceId, name, hostOrigin, defaultLocale, localeManagementMode = 'external', extraLocales = [] }) {
  const site = { id: uuidv7(), workspaceId, name, hostOrigin: hostOrigin ?? null, siteApiKey: secretUuid(), publicApiKey: secretUuid(), localeManagementMode, createdAt: now() };
  const locales = [{ id: uuidv7(), siteId: site.id, locale: defaultLocale, domain: null, pathPrefix: null, isDefault: true, createdAt: now() }];
  for (const l of extraLocales) locales.push({ id: uuidv7(), siteId: site.id, domain: null, pathPrefix: null, isDefault: false, createdAt: now(), ...l });
  transact(siteItems(site, locales));
  return site;
}

const ops = {
  async listSites(event, principal) {
    const q = query(event, { workspaceId: UUID_Q, ...LIST_QUERY }, ['workspaceId']);
    const ws = canon(q.workspaceId);
    if (ws !== principal.workspaceId) throw forbidden('This API key has no access to this workspace');
    const limit = q.limit ?? 20;
    const start = q.startingAfter ? { PK: `WS#${ws}`, SK: `SITE#${canon(q.startingAfter)}` } : undefined;
    const out = [];
    let cursor = start;
    // Query + BatchGetItem until limit+1 live sites are known.
    for (;;) {
      const r = table.query({ PK: `WS#${ws}`, skPrefix: 'SITE#', ExclusiveStartKey: cursor, Limit: limit + 1 - out.length });
      for (const adj of r.Items) {
        const s = get(K.site(adj.siteId));
        if (s) out.push(renderSite(s));
      }
      if (!r.LastEvaluatedKey || out.length > limit) break;
      cursor = r.LastEvaluatedKey;
    }
    return json(200, page(out, limit));
  },

  async createSite(event, principal) {
    const b = body(event, {
      properties: { workspaceId: UUID_Q, name: NAME, hostOrigin: URI, defaultLocale: LOCALE_CODE },
      required: ['workspaceId', 'name'],
    });
    if (b.hostOrigin !== undefined) httpUrl('hostOrigin', b.hostOrigin);
    const ws = canon(b.workspaceId);
    if (ws !== principal.workspaceId) throw forbidden('This API key has no access to this workspace');
    const site = createSiteRecord({ workspaceId: ws, name: b.name, hostOrigin: b.hostOrigin, defaultLocale: canonLocale(b.defaultLocale ?? 'en-US') });
    return json(201, renderSite(site));
  },

  async getSite(event, principal) {
    const site = siteFor(principal, canon(event.pathParameters.siteId));
    return json(200, renderSite(site));
  },

  async updateSite(event, principal) {
    const b = body(event, { properties: { name: NAME, hostOrigin: URI }, forbidden: ['defaultLocale'] });
    if (b.hostOrigin !== undefined) httpUrl('hostOrigin', b.hostOrigin);
    const site = siteFor(principal, canon(event.pathParameters.siteId));
    const next = { ...site, updatedAt: now() };
    if (b.name !== undefined) next.name = b.name;
    if (b.hostOrigin !== undefined) next.hostOrigin = b.hostOrigin;
    transact([{ Put: { Item: next, ConditionExpression: 'attribute_exists(PK)' } }]);
    return json(200, renderSite(next));
  },

  async deleteSite(event, principal) {
    const site = siteFor(principal, canon(event.pathParameters.siteId));
    const children = table.query({ PK: `SITE#${site.id}` }).Items;
    const keys = [K.site(site.id), K.wsSite(site.workspaceId, site.id), K.key(site.siteApiKey), K.key(site.publicApiKey)];
    for (const c of children) {
      keys.push({ PK: c.PK, SK: c.SK });
      if (c.type !== 'site') keys.push(K.id(c.id));
      if (c.type === 'locale' && !c.deletedAt) keys.push(K.code(site.id, c.locale));
      if (c.type === 'page' || c.type === 'route') keys.push(K.pathname(site.id, c.pathname));
    }
    const uniq = [...new Map(keys.map((k) => [`${k.PK}|${k.SK}`, k])).values()];
    batchDelete(uniq); // immediate BatchWriteItem, nothing is left readable
    return json(204);
  },

  async duplicateSite(event, principal) {
    const b = body(event, { properties: { name: NAME }, required: ['name'] });
    const src = siteFor(principal, canon(event.pathParameters.siteId));
    const locales = liveLocales(src.id);
    const map = new Map(locales.map((l) => [l.id, uuidv7()]));
    const site = { id: uuidv7(), workspaceId: src.workspaceId, name: b.name, hostOrigin: src.hostOrigin ?? null, siteApiKey: secretUuid(), publicApiKey: secretUuid(), localeManagementMode: src.localeManagementMode, createdAt: now() };
    const copies = locales.map(({ PK, SK, ...l }) => ({ ...l, id: map.get(l.id), siteId: site.id, createdAt: now() }));
    transact(siteItems(site, copies));
    const puts = [];
    for (const c of queryAll(`SITE#${src.id}`, 'PAGE#')) {
      const id = uuidv7();
      const t = now();
      const localizations = {};
      for (const [lid, loc] of Object.entries(c.localizations ?? {})) if (map.has(lid)) localizations[map.get(lid)] = { ...loc, id: uuidv7() };
      puts.push({ ...c, ...K.page(site.id, id), id, siteId: site.id, createdAt: t, updatedAt: t, localizations });
      puts.push({ ...K.pathname(site.id, c.pathname), type: 'pathMarker', kind: 'page', id });
      puts.push({ ...K.id(id), type: 'page', siteId: site.id });
    }
    for (const r of queryAll(`SITE#${src.id}`, 'ROUTE#')) {
      const id = uuidv7();
      puts.push({ ...r, ...K.route(site.id, id), id, siteId: site.id, createdAt: now() });
      puts.push({ ...K.pathname(site.id, r.pathname), type: 'pathMarker', kind: 'route', id });
      puts.push({ ...K.id(id), type: 'route', siteId: site.id });
    }
    table.batchWrite(puts.map((Item) => ({ PutRequest: { Item } })));
    return json(201, renderSite(site));
  },
};

export default handler(ops);
