// Lambda "locales": /v2/locales, /v2/locales/{localeIdOrCode}, /v2/locales/{localeIdOrCode}/restore
import { handler, json, body, query, LIST_QUERY, UUID_Q, LOCALE_CODE, canonLocale, canon, page, isIdShaped } from '../lib/lambda.mjs';
import { badField, notFound, conflict, badRequest } from '../lib/errors.mjs';
import { table, K, get, queryAll, transact, siteFor, renderLocale, loadSite, assertSiteAccess } from '../lib/store.mjs';
import { uuidv7, now } from '../lib/ids.mjs';
import { httpUrl } from './sites.mjs';

const RETENTION_SECONDS = 30 * 24 * 3600; // a deleted locale can be restored for 30 days (TTL)
const codeTaken = (code) => conflict(`The site already has a locale ${code}`);

// Resolves {localeIdOrCode} (+ optional siteId) to { site, locale item or undefined }.
function resolve(event, principal, { deleted = false } = {}) {
  const q = query(event, { siteId: UUID_Q });
  const raw = event.pathParameters.localeIdOrCode;
  const siteId = canon(q.siteId);
  if (isIdShaped(raw)) {
    const id = canon(raw);
    const ptr = get(K.id(id));
    const site = siteId ? siteFor(principal, siteId) : ptr?.type === 'locale' ? siteFor(principal, ptr.siteId) : undefined;
    const item = ptr?.type === 'locale' && (!site || ptr.siteId === site.id) ? get(K.locale(ptr.siteId, id)) : undefined;
    if (!site || !item || (!deleted && item.deletedAt)) throw notFound(`Locale ${raw} not found`);
    return { site, item };
  }
  if (!siteId) throw badField('siteId', 'is required when a locale code is used instead of a locale ID');
  const site = siteFor(principal, siteId);
  if (!/^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/.test(raw)) throw notFound(`Locale ${raw} not found`);
  const code = canonLocale(raw);
  const marker = get(K.code(site.id, code));
  if (marker && !deleted) return { site, item: get(K.locale(site.id, marker.id)) };
  if (!deleted) throw notFound(`Locale ${code} not found`);
  // restore by code: the most recently deleted locale with that code
  const gone = queryAll(`SITE#${site.id}`, 'LOCALE#', (l) => l.deletedAt && l.locale === code).sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : -1));
  if (gone.length) return { site, item: gone[0] };
  if (marker) return { site, item: get(K.locale(site.id, marker.id)) };
  throw notFound(`Locale ${code} not found`);
}

const ops = {
  async listLocales(event, principal) {
    const q = query(event, { siteId: UUID_Q, ...LIST_QUERY }, ['siteId']);
    const site = siteFor(principal, canon(q.siteId));
    const limit = q.limit ?? 20;
    const r = table.query({
      PK: `SITE#${site.id}`,
      skPrefix: 'LOCALE#',
      ExclusiveStartKey: q.startingAfter ? { PK: `SITE#${site.id}`, SK: `LOCALE#${canon(q.startingAfter)}` } : undefined,
      Filter: (l) => !l.deletedAt,
      Limit: limit + 1,
    });
    return json(200, page(r.Items.map(renderLocale), limit));
  },

  async createLocale(event, principal) {
    const b = body(event, {
      properties: { siteId: UUID_Q, locale: LOCALE_CODE, domain: { type: 'string', format: 'uri' } },
      required: ['siteId', 'locale'],
    });
    if (b.domain !== undefined) httpUrl('domain', b.domain);
    const site = loadSite(canon(b.siteId));
    assertSiteAccess(principal, site);
    const item = { id: uuidv7(), siteId: site.id, locale: canonLocale(b.locale), domain: b.domain ?? null, pathPrefix: null, isDefault: false, createdAt: now() };
    transact([
      { Put: { Item: { ...K.code(site.id, item.locale), type: 'codeMarker', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: { ...K.locale(site.id, item.id), type: 'locale', ...item } } },
      { Put: { Item: { ...K.id(item.id), type: 'locale', siteId: site.id } } },
      { ConditionCheck: { Key: K.site(site.id), ConditionExpression: 'attribute_exists(PK)' } },
    ], (i) => (i === 0 ? codeTaken(item.locale) : notFound(`Site ${site.id} not found`)));
    return json(201, renderLocale(item));
  },

  async getLocale(event, principal) {
    return json(200, renderLocale(resolve(event, principal).item));
  },

  async updateLocale(event, principal) {
    const b = body(event, { properties: { locale: LOCALE_CODE, domain: { type: ['string', 'null'], format: 'uri' } } });
    if (typeof b.domain === 'string') httpUrl('domain', b.domain);
    const { site, item } = resolve(event, principal);
    const next = { ...item, updatedAt: now() };
    if (b.domain !== undefined) next.domain = b.domain;
    const ops = [];
    if (b.locale !== undefined && canonLocale(b.locale) !== item.locale) {
      next.locale = canonLocale(b.locale);
      ops.push({ Put: { Item: { ...K.code(site.id, next.locale), type: 'codeMarker', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } });
      ops.push({ Delete: { Key: K.code(site.id, item.locale) } });
    }
    ops.push({ Put: { Item: next, ConditionExpression: 'attribute_exists(PK)' } });
    transact(ops, (i) => (i === 0 && ops.length > 1 ? codeTaken(next.locale) : notFound('Locale not found')));
    return json(200, renderLocale(next));
  },

  async deleteLocale(event, principal) {
    const { site, item } = resolve(event, principal);
    if (item.isDefault) throw badRequest('The default locale of a site cannot be deleted', [{ field: 'localeIdOrCode', message: 'is the default locale of the site' }]);
    const t = now();
    transact([
      { Put: { Item: { ...item, deletedAt: t, ttl: Math.floor(Date.now() / 1000) + RETENTION_SECONDS }, ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { Key: K.code(site.id, item.locale) } },
    ]);
    return json(204);
  },

  async restoreLocale(event, principal) {
    const { site, item } = resolve(event, principal, { deleted: true });
    if (!item.deletedAt) throw conflict(`Locale ${item.locale} is not deleted`);
    const { deletedAt, ttl, ...restored } = item;
    restored.updatedAt = now();
    transact([
      { Put: { Item: { ...K.code(site.id, item.locale), type: 'codeMarker', id: item.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: restored } },
    ], () => codeTaken(item.locale));
    return json(200, renderLocale(restored));
  },
};

export default handler(ops);
