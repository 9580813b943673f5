// APIRouter(prefix="/v2/sites", tags=["site"])
import { str, uuid, httpUrl, nullable, model, HTTPException } from '../pydantic.mjs';
import { appKeyOnly, secretKey, siteFor, siteOut, listQuery, keysetPage, byThenId } from '../deps.mjs';
import { cmpBinary } from '../store.mjs';

export const NAME = str({ min: 1, max: 255 });
export const LOCALE_CODE = str({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' });

const CreateSite = model({
  workspaceId: { type: uuid(), required: true },
  name: { type: NAME, required: true },
  hostOrigin: { type: nullable(httpUrl()), default: null },
  defaultLocale: { type: LOCALE_CODE, default: 'en-US' },
});
const UpdateSite = model({
  name: { type: NAME },
  hostOrigin: { type: nullable(httpUrl()) },
  defaultLocale: { refuse: 'defaultLocale is not accepted when updating a site; rename the default locale with Update Locale' },
});
const DuplicateSite = model({ name: { type: NAME, required: true } });

export const routes = [
  {
    method: 'POST', path: '/v2/sites', deps: [appKeyOnly], body: CreateSite, status: 201,
    handler({ store, auth, body }) {
      const b = body.values;
      if (b.workspaceId !== auth.workspaceId) throw new HTTPException(403, 'Not enough permissions');
      return siteOut(store, store.createSite({ workspaceId: b.workspaceId, name: b.name, hostOrigin: b.hostOrigin, defaultLocale: b.defaultLocale }));
    },
  },
  {
    method: 'GET', path: '/v2/sites', deps: [appKeyOnly],
    query: { workspaceId: { type: uuid(), required: true }, ...listQuery() },
    handler({ store, auth, query }) {
      if (query.workspaceId !== auth.workspaceId) throw new HTTPException(403, 'Not enough permissions');
      const rows = [...store.sites.values()].filter((s) => s.workspaceId === query.workspaceId);
      const cursor = query.startingAfter && rows.find((s) => s.id === query.startingAfter);
      const { page, hasMore } = keysetPage(rows, byThenId(cmpBinary, (s) => s.name), query.limit, query.startingAfter, cursor);
      return { object: 'list', data: page.map((s) => siteOut(store, s)), hasMore };
    },
  },
  {
    method: 'GET', path: '/v2/sites/{siteId}', deps: [secretKey], params: { siteId: uuid() },
    handler: (ctx) => siteOut(ctx.store, siteFor(ctx, ctx.path.siteId)),
  },
  {
    method: 'PATCH', path: '/v2/sites/{siteId}', deps: [secretKey], params: { siteId: uuid() }, body: UpdateSite,
    handler(ctx) {
      const site = siteFor(ctx, ctx.path.siteId);
      const { values, fieldsSet } = ctx.body;
      if (fieldsSet.has('name')) site.name = values.name;
      if (fieldsSet.has('hostOrigin')) site.hostOrigin = values.hostOrigin;
      return siteOut(ctx.store, site);
    },
  },
  {
    method: 'DELETE', path: '/v2/sites/{siteId}', deps: [appKeyOnly], params: { siteId: uuid() }, status: 204,
    handler(ctx) { ctx.store.deleteSite(siteFor(ctx, ctx.path.siteId).id); return null; },
  },
  {
    method: 'POST', path: '/v2/sites/{siteId}/duplicate', deps: [appKeyOnly], params: { siteId: uuid() }, body: DuplicateSite, status: 201,
    handler(ctx) {
      const src = siteFor(ctx, ctx.path.siteId);
      return siteOut(ctx.store, ctx.store.duplicateSite(src, ctx.body.values.name));
    },
  },
];
