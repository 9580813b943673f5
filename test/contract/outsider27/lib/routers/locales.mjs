// APIRouter(prefix="/v2/locales", tags=["locale"])
import { str, uuid, httpUrl, nullable, model, HTTPException, RequestValidationError } from '../pydantic.mjs';
import { secretKey, siteFor, siteIdForLookup, asId, localeOut, listQuery, keysetPage, byThenId, owns } from '../deps.mjs';
import { cmpNocase, eqNocase, now, cmpBinary } from '../store.mjs';
import { LOCALE_CODE } from './sites.mjs';

const CreateLocale = model({
  siteId: { type: uuid(), required: true },
  locale: { type: LOCALE_CODE, required: true },
  domain: { type: nullable(httpUrl()), default: null },
});
const UpdateLocale = model({ locale: { type: LOCALE_CODE }, domain: { type: nullable(httpUrl()) } });
const lookupQuery = { siteId: { type: uuid(), default: null } };
const CONFLICT = 'A locale with this code already exists for this site';

/** {localeIdOrCode}: a UUID (any form Pydantic's UUID accepts) is an id, anything else a code (COLLATE NOCASE). */
function resolve(ctx, { deleted = false } = {}) {
  const { store } = ctx;
  const param = ctx.path.localeIdOrCode; const id = asId(param);
  const alive = (l) => (deleted ? l.deletedAt != null : l.deletedAt == null);
  const what = deleted ? 'Deleted locale not found' : 'Locale not found';
  if (id) {
    const row = store.locales.get(id);
    if (!row || !alive(row)) throw new HTTPException(404, what);
    const site = store.sites.get(row.siteId);
    if (!owns(ctx.auth, site)) throw new HTTPException(403, 'Not enough permissions');
    return row;
  }
  const site = siteFor(ctx, siteIdForLookup(ctx, ctx.query.siteId));
  const rows = [...store.locales.values()].filter((l) => l.siteId === site.id && alive(l) && eqNocase(l.locale, param))
    .sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0) || cmpBinary(a.id, b.id));
  if (!rows.length) throw new HTTPException(404, what);
  return rows[0];
}

export const routes = [
  {
    method: 'POST', path: '/v2/locales', deps: [secretKey], body: CreateLocale, status: 201,
    handler(ctx) {
      const b = ctx.body.values;
      const site = siteFor(ctx, b.siteId);
      if (ctx.store.findLiveLocaleByCode(site.id, b.locale)) throw new HTTPException(409, CONFLICT);
      return localeOut(ctx.store.createLocale({ siteId: site.id, locale: b.locale, domain: b.domain }));
    },
  },
  {
    method: 'GET', path: '/v2/locales', deps: [secretKey], query: { siteId: { type: uuid(), required: true }, ...listQuery() },
    handler(ctx) {
      const { query, store } = ctx;
      const site = siteFor(ctx, query.siteId);
      const rows = store.liveLocales(site.id);
      const cursor = query.startingAfter && rows.find((l) => l.id === query.startingAfter);
      const { page, hasMore } = keysetPage(rows, byThenId(cmpNocase, (l) => l.locale), query.limit, query.startingAfter, cursor);
      return { object: 'list', data: page.map(localeOut), hasMore };
    },
  },
  {
    method: 'GET', path: '/v2/locales/{localeIdOrCode}', deps: [secretKey], params: { localeIdOrCode: str() }, query: lookupQuery,
    handler: (ctx) => localeOut(resolve(ctx)),
  },
  {
    method: 'PATCH', path: '/v2/locales/{localeIdOrCode}', deps: [secretKey], params: { localeIdOrCode: str() }, query: lookupQuery, body: UpdateLocale,
    handler(ctx) {
      const row = resolve(ctx);
      const { values, fieldsSet } = ctx.body;
      if (fieldsSet.has('locale') && !eqNocase(values.locale, row.locale)) {
        if (ctx.store.findLiveLocaleByCode(row.siteId, values.locale)) throw new HTTPException(409, CONFLICT);
      }
      if (fieldsSet.has('locale')) row.locale = values.locale; // the default locale may be renamed: Site.defaultLocale follows
      if (fieldsSet.has('domain')) row.domain = values.domain;
      return localeOut(row);
    },
  },
  {
    method: 'DELETE', path: '/v2/locales/{localeIdOrCode}', deps: [secretKey], params: { localeIdOrCode: str() }, query: lookupQuery, status: 204,
    handler(ctx) {
      const row = resolve(ctx);
      if (row.isDefault) {
        throw new RequestValidationError([{ loc: ['path', 'localeIdOrCode'], type: 'value_error', msg: 'Value error, the default locale of a site cannot be deleted' }]);
      }
      row.deletedAt = now();
      return null;
    },
  },
  {
    method: 'POST', path: '/v2/locales/{localeIdOrCode}/restore', deps: [secretKey], params: { localeIdOrCode: str() }, query: lookupQuery, status: 200,
    handler(ctx) {
      const row = resolve(ctx, { deleted: true });
      if (ctx.store.findLiveLocaleByCode(row.siteId, row.locale)) throw new HTTPException(409, CONFLICT);
      row.deletedAt = null;
      return localeOut(row);
    },
  },
];
