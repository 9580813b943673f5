// SiteLocaleController: /v2/locales, /v2/locales/{localeIdOrCode}, …/restore.
// Locales are soft-deleted; the unique indexes on (SiteId, Code) and (SiteId, Domain) are filtered
// to rows that are not deleted, so a deleted locale holds neither its code nor its domain.
import { Policies, authorizeSite } from './auth.mjs';
import { rule, isAbsoluteHttpUri, normaliseCultureName } from './validation.mjs';
import { tryParseGuid, collationEquals } from './sqlserver.mjs';
import { notFound, badRequest, duplicateKey } from './errors.mjs';
import { byId } from './db.mjs';
import { localeDto } from './representations.mjs';
import {
  ok, created, noContent, throwIfInvalid, resolveSite, checkIfMatch, validateListQuery, keysetPage, unknownCursor,
  requireSiteIdFor,
} from './support.mjs';

export const MAX_LOCALES_PER_SITE = 100; // as many as one List Locales page can show
const DOMAIN_MAX = 450; // nvarchar(450): the column carries a unique index

const CreateLocaleRequest = {
  className: 'Sbs.Api.Contracts.Locales.CreateSiteLocaleRequest',
  properties: [
    { name: 'siteId', type: 'guid' },
    { name: 'locale', type: 'string' },
    { name: 'domain', type: 'string' },
  ],
};

const UpdateLocaleRequest = {
  className: 'Sbs.Api.Contracts.Locales.UpdateSiteLocaleRequest',
  properties: [
    { name: 'locale', type: 'string' },
    { name: 'domain', type: 'string' },
  ],
};

const cultureMessage = "'Locale' is not a supported culture name (a language, optionally followed by '-' and a region).";

function validateCode(state, value) {
  rule(state, 'locale', value).notEmpty().must((x) => normaliseCultureName(x) !== null, cultureMessage);
}

function validateDomain(state, value) {
  rule(state, 'domain', value)
    .must(isAbsoluteHttpUri, "'Domain' must be an absolute http or https URI (the protocol included).")
    .maximumLength(DOMAIN_MAX);
}

function assertCodeFree(db, site, code, self) {
  const clash = db.activeLocales(site.id).find((l) => l !== self && collationEquals(l.code, code));
  if (clash) throw duplicateKey('SiteLocales', 'IX_SiteLocales_SiteId_Locale', [site.id, code]);
}

function assertDomainFree(db, site, domain, self) {
  if (domain == null) return;
  const clash = db.activeLocales(site.id).find((l) => l !== self && l.domain != null && collationEquals(l.domain, domain));
  if (clash) throw duplicateKey('SiteLocales', 'IX_SiteLocales_SiteId_Domain', [site.id, domain]);
}

// {localeIdOrCode}: a Guid is an id, anything else a code compared under the collation.
// `includeDeleted` is IgnoreQueryFilters() (Restore Locale looks at deleted rows).
function resolveLocale(ctx, { includeDeleted = false } = {}) {
  const { db, query } = ctx;
  const raw = ctx.route.localeIdOrCode;
  const id = tryParseGuid(raw);
  const site = query.siteId ? resolveSite(ctx, query.siteId) : null;
  if (id !== null) {
    const locale = includeDeleted ? db.anyLocaleOfActiveSite(id) : db.activeLocale(id);
    if (!locale || (site && locale.siteId !== site.id)) throw notFound(`Locale '${id}' was not found.`);
    authorizeSite(ctx.principal, db.activeSite(locale.siteId));
    return { locale, site: db.activeSite(locale.siteId) };
  }
  const active = db.activeLocaleByCode(site.id, raw);
  if (active || !includeDeleted) {
    if (!active) throw notFound(`Locale '${raw}' was not found in site '${site.id}'.`);
    return { locale: active, site };
  }
  // Restore by code: the most recently deleted record of that code.
  const deleted = db
    .anyLocales(site.id)
    .filter((l) => l.deletedAt && collationEquals(l.code, raw))
    .sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : a.deletedAt > b.deletedAt ? -1 : 0))[0];
  if (!deleted) throw notFound(`Locale '${raw}' was not found in site '${site.id}'.`);
  return { locale: deleted, site };
}

function validateLocaleRoute(ctx) {
  const isId = tryParseGuid(ctx.route.localeIdOrCode) !== null;
  requireSiteIdFor(ctx.state, isId, ctx.query.siteId, 'locale code');
}

async function createLocale(ctx) {
  const { state, body, db, now } = ctx;
  if (body) {
    const v = body.values;
    rule(state, 'siteId', v.siteId).notEmpty();
    validateCode(state, v.locale);
    if (v.domain != null) validateDomain(state, v.domain);
  }
  throwIfInvalid(state);
  const v = body.values;
  const site = resolveSite(ctx, v.siteId);
  if (db.activeLocales(site.id).length >= MAX_LOCALES_PER_SITE) {
    throw badRequest('locale', `A site can hold at most ${MAX_LOCALES_PER_SITE} locales.`);
  }
  const code = normaliseCultureName(v.locale);
  assertCodeFree(db, site, code, null);
  assertDomainFree(db, site, v.domain, null);
  const locale = db.insert(
    db.locales,
    { siteId: site.id, code, domain: v.domain ?? null, pathPrefix: null, createdAt: null, deletedAt: null, rowVersion: 0n },
    now,
  );
  return created(ctx, `/v2/locales/${locale.id}`, localeDto(db, locale), locale);
}

async function listLocales(ctx) {
  const { state, query, db } = ctx;
  rule(state, 'siteId', query.siteId).notEmpty();
  validateListQuery(state, query);
  throwIfInvalid(state);
  const site = resolveSite(ctx, query.siteId);
  let cursor = null;
  if (query.startingAfter) {
    cursor = db.anyLocales(site.id).find((l) => l.id === query.startingAfter);
    if (!cursor) throw unknownCursor('a locale');
  }
  const page = keysetPage(db.activeLocales(site.id), byId, cursor, query.limit);
  return ok({ ...page, data: page.data.map((l) => localeDto(db, l)) });
}

async function getLocale(ctx) {
  validateLocaleRoute(ctx);
  throwIfInvalid(ctx.state);
  const { locale } = resolveLocale(ctx);
  return ok(localeDto(ctx.db, locale), locale);
}

async function updateLocale(ctx) {
  const { state, body, db, now } = ctx;
  validateLocaleRoute(ctx);
  if (body) {
    const v = body.values;
    if (v.locale != null) validateCode(state, v.locale);
    // The one nullable request field: null clears the domain, so presence matters here.
    if (body.present.domain && v.domain !== null) validateDomain(state, v.domain);
  }
  throwIfInvalid(state);
  const { locale, site } = resolveLocale(ctx);
  checkIfMatch(ctx, locale);
  const v = body.values;
  const changes = {};
  if (v.locale != null) {
    changes.code = normaliseCultureName(v.locale);
    assertCodeFree(db, site, changes.code, locale);
  }
  if (body.present.domain) {
    changes.domain = v.domain;
    assertDomainFree(db, site, v.domain, locale);
  }
  db.update(locale, changes, now);
  return ok(localeDto(db, locale), locale);
}

async function deleteLocale(ctx) {
  validateLocaleRoute(ctx);
  throwIfInvalid(ctx.state);
  const { locale, site } = resolveLocale(ctx);
  if (site.defaultLocaleId === locale.id) {
    throw badRequest('localeIdOrCode', 'The default locale of a site cannot be deleted.');
  }
  checkIfMatch(ctx, locale);
  ctx.db.softDelete(locale, ctx.now);
  return noContent();
}

// Restore sets DeletedAt back to null. On a locale that is not deleted that changes nothing and
// answers 200; a code or domain taken meanwhile trips the filtered unique indexes (409).
async function restoreLocale(ctx) {
  const { db, now } = ctx;
  validateLocaleRoute(ctx);
  throwIfInvalid(ctx.state);
  const { locale, site } = resolveLocale(ctx, { includeDeleted: true });
  if (!locale.deletedAt) return ok(localeDto(db, locale), locale);
  if (db.activeLocales(site.id).length >= MAX_LOCALES_PER_SITE) {
    throw badRequest('localeIdOrCode', `A site can hold at most ${MAX_LOCALES_PER_SITE} locales.`);
  }
  checkIfMatch(ctx, locale);
  assertCodeFree(db, site, locale.code, locale);
  assertDomainFree(db, site, locale.domain, locale);
  db.update(locale, { deletedAt: null }, now);
  return ok(localeDto(db, locale), locale);
}

const idOrCodeQuery = [{ name: 'siteId', type: 'guid' }];

export const localeEndpoints = [
  { method: 'POST', template: 'v2/locales', policy: Policies.SiteEditor, body: CreateLocaleRequest, version: '2.0', action: createLocale },
  {
    method: 'GET',
    template: 'v2/locales',
    policy: Policies.SiteEditor,
    query: [
      { name: 'siteId', type: 'guid', required: true },
      { name: 'limit', type: 'int', default: 20 },
      { name: 'startingAfter', type: 'guid' },
    ],
    version: '2.0',
    action: listLocales,
  },
  { method: 'GET', template: 'v2/locales/{localeIdOrCode}', policy: Policies.SiteEditor, query: idOrCodeQuery, version: '2.0', action: getLocale },
  { method: 'PATCH', template: 'v2/locales/{localeIdOrCode}', policy: Policies.SiteEditor, query: idOrCodeQuery, body: UpdateLocaleRequest, version: '2.0', action: updateLocale },
  { method: 'DELETE', template: 'v2/locales/{localeIdOrCode}', policy: Policies.SiteEditor, query: idOrCodeQuery, version: '2.0', action: deleteLocale },
  { method: 'POST', template: 'v2/locales/{localeIdOrCode}/restore', policy: Policies.SiteEditor, query: idOrCodeQuery, version: '2.0', action: restoreLocale },
];
