// Locale handlers: GET/POST /v2/locales, GET/PATCH/DELETE /v2/locales/{localeIdOrCode},
// POST /v2/locales/{localeIdOrCode}/restore.
// Locales are soft-deleted. Their uniqueness lives in partial unique indexes on the active
// rows: (site_id, code) and (site_id, domain) WHERE deleted_at IS NULL.

import { newId, activeLocales } from './db.mjs';
import { canonicalLocale, goUUIDParse } from './validator.mjs';
import { localeView } from './views.mjs';
import { keysetPage } from './keyset.mjs';
import {
  Problems, readQuery, readLimit, readJSON, siteFor, reaches, forbidden, notFound, conflict, badRequest,
} from './common.mjs';

const DOMAIN = 'http_url,max=2048';

export function listLocales(ctx) {
  const get = readQuery(ctx);
  const p = new Problems();
  p.validate('listLocalesQuery', [{ field: 'siteId', value: get('siteId'), tags: 'required,uuid' }]);
  const limit = readLimit(get, p, 'listLocalesQuery');
  p.validate('listLocalesQuery', [{ field: 'startingAfter', value: get('startingAfter'), tags: 'omitempty,uuid' }]);
  p.throwIfAny();
  const s = ctx.tx.state;
  const site = siteFor(ctx, get('siteId').toLowerCase());
  let cursor = null;
  if (get('startingAfter')) {
    const row = s.locales.get(get('startingAfter').toLowerCase());
    if (!row) return { status: 200, body: { object: 'list', data: [], hasMore: false } };
    if (!reaches(ctx.key, s.sites.get(row.siteId))) throw forbidden();
    cursor = [row.code, row.id];
  }
  const rows = activeLocales(s, site.id).map((l) => ({ position: [l.code, l.id], item: l }));
  const { data, hasMore } = keysetPage(rows, { cursor, limit });
  return { status: 200, body: { object: 'list', data: data.map(localeView), hasMore } };
}

const CREATE_LOCALE = { name: 'createLocaleInput', disallowUnknown: true, fields: [
  { json: 'siteId', type: 'string' }, { json: 'locale', type: 'string' }, { json: 'domain', type: 'string' }] };

export function createLocale(ctx) {
  const { values, problems } = readJSON(ctx, CREATE_LOCALE);
  const p = new Problems();
  p.decode(problems);
  p.validate('createLocaleInput', [
    { field: 'siteId', value: values.get('siteId'), tags: 'required,uuid' },
    { field: 'locale', value: values.get('locale'), tags: 'required,locale' },
    { field: 'domain', value: values.get('domain'), tags: `omitempty,${DOMAIN}` },
  ]);
  p.throwIfAny();
  const site = siteFor(ctx, values.get('siteId').toLowerCase());
  const { state: s, now } = ctx.tx;
  const code = canonicalLocale(values.get('locale'));
  const domain = values.get('domain') || null;
  const active = activeLocales(s, site.id);
  if (active.some((l) => l.code === code)) throw conflict(`the site already has the locale ${code}`);
  if (domain && active.some((l) => l.domain === domain)) throw conflict(`another locale of the site already uses the domain ${domain}`);
  const locale = { id: newId(), siteId: site.id, code, domain, pathPrefix: null, isDefault: false,
    createdAt: now, updatedAt: now, deletedAt: null };
  ctx.tx.put('locales', locale.id, locale);
  return { status: 201, body: localeView(locale) };
}

// {localeIdOrCode}: a value uuid.Parse accepts is an ID, anything else a code, which
// needs the siteId query parameter.
function target(ctx, get) {
  const raw = ctx.params.localeIdOrCode;
  const id = goUUIDParse(raw);
  return {
    id,
    code: id ? null : raw,
    siteIdEntry: {
      field: 'siteId', value: get('siteId'), tags: id ? 'omitempty,uuid' : 'required,uuid',
      messages: { required: 'siteId is required when a locale code is used instead of a locale ID' },
    },
  };
}

// Finds the locale a request names. `restore` also sees soft-deleted rows; by code it
// takes the active row if there is one, else the most recently deleted.
function lookup(ctx, t, get, { restore = false } = {}) {
  const s = ctx.tx.state;
  const siteId = get('siteId') ? get('siteId').toLowerCase() : null;
  if (t.id) {
    const l = s.locales.get(t.id);
    if (!l || (!restore && l.deletedAt !== null)) throw notFound();
    const site = s.sites.get(l.siteId);
    if (!site || site.deletedAt !== null || (siteId && siteId !== l.siteId)) throw notFound();
    if (!reaches(ctx.key, site)) throw forbidden();
    return l;
  }
  const site = siteFor(ctx, siteId);
  const code = canonicalLocale(t.code);
  if (!code) throw notFound();
  const rows = [...s.locales.values()].filter((l) => l.siteId === site.id && l.code === code);
  const active = rows.find((l) => l.deletedAt === null);
  if (active) return active;
  if (!restore || rows.length === 0) throw notFound();
  return rows.sort((a, b) => b.deletedAt - a.deletedAt || (a.id < b.id ? -1 : 1))[0];
}

export function getLocale(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('getLocaleQuery', [t.siteIdEntry]);
  p.throwIfAny();
  return { status: 200, body: localeView(lookup(ctx, t, get)) };
}

const UPDATE_LOCALE = { name: 'updateLocaleInput', disallowUnknown: false, fields: [
  { json: 'locale', type: 'string' }, { json: 'domain', type: 'nstring' }] };

export function updateLocale(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const { values, problems } = readJSON(ctx, UPDATE_LOCALE);
  const p = new Problems();
  p.validate('updateLocaleQuery', [t.siteIdEntry]);
  p.decode(problems);
  const entries = [];
  if (values.has('locale')) entries.push({ field: 'locale', value: values.get('locale'), tags: 'required,locale' });
  // domain is a Nullable[string]: null (or "") clears it, a string must be an http(s) URL.
  if (values.has('domain') && values.get('domain') !== null) entries.push({ field: 'domain', value: values.get('domain'), tags: `omitempty,${DOMAIN}` });
  p.validate('updateLocaleInput', entries);
  p.throwIfAny();
  const locale = ctx.tx.touch(lookup(ctx, t, get));
  const s = ctx.tx.state;
  const others = activeLocales(s, locale.siteId).filter((l) => l.id !== locale.id);
  let touched = false;
  if (values.has('locale')) {
    const code = canonicalLocale(values.get('locale'));
    if (others.some((l) => l.code === code)) throw conflict(`the site already has the locale ${code}`);
    locale.code = code; touched = true;
  }
  if (values.has('domain')) {
    const domain = values.get('domain') || null;
    if (domain && others.some((l) => l.domain === domain)) throw conflict(`another locale of the site already uses the domain ${domain}`);
    locale.domain = domain; touched = true;
  }
  if (touched) locale.updatedAt = ctx.tx.now;
  return { status: 200, body: localeView(locale) };
}

export function deleteLocale(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('deleteLocaleQuery', [t.siteIdEntry]);
  p.throwIfAny();
  const locale = lookup(ctx, t, get);
  if (locale.isDefault) {
    throw badRequest('the default locale of a site cannot be deleted',
      [{ field: 'localeIdOrCode', message: 'names the default locale of its site, which cannot be deleted' }]);
  }
  ctx.tx.touch(locale);
  locale.deletedAt = ctx.tx.now;
  return { status: 204 };
}

// UPDATE locales SET deleted_at = NULL WHERE id = $1 — idempotent on an active row; the
// partial unique indexes make it a 409 when the code or domain is active again meanwhile.
export function restoreLocale(ctx) {
  const get = readQuery(ctx);
  const t = target(ctx, get);
  const p = new Problems();
  p.validate('restoreLocaleQuery', [t.siteIdEntry]);
  p.throwIfAny();
  const locale = lookup(ctx, t, get, { restore: true });
  if (locale.deletedAt !== null) {
    const active = activeLocales(ctx.tx.state, locale.siteId);
    if (active.some((l) => l.code === locale.code)) throw conflict(`the site already has an active locale ${locale.code}`);
    if (locale.domain && active.some((l) => l.domain === locale.domain)) {
      throw conflict(`another locale of the site already uses the domain ${locale.domain}`);
    }
    ctx.tx.touch(locale);
    locale.deletedAt = null;
    locale.updatedAt = ctx.tx.now;
  }
  return { status: 200, body: localeView(locale) };
}
