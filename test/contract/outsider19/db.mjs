// The in-memory stand-in for the PostgreSQL schema. Tables are Maps keyed by id; every
// row that can be deleted has a `deletedAt` column (soft delete). Each request runs in
// one transaction with now() fixed for its whole length, so every timestamp a request
// sets is the same instant. Writes are journaled (the row as it was, or the key as it
// was) and the journal is played backwards when the handler fails: ROLLBACK.

import { randomUUID } from 'node:crypto';
import { clockMicros } from './gotime.mjs';

export function emptyState() {
  return {
    workspaces: new Map(),   // id -> { id, name, appKey }
    sites: new Map(),        // id -> { id, workspaceId, name, hostOrigin, publicApiKey, siteApiKey, localeManagementMode, defaultLocalePathPrefix, createdAt, updatedAt, deletedAt }
    locales: new Map(),      // id -> { id, siteId, code, domain, pathPrefix, isDefault, createdAt, updatedAt, deletedAt }
    pages: new Map(),        // id -> { id, siteId, pathname, name, title, description, canonicalUrl, socialImageUrl, sitemapPriority, sitemapFrequency, excludedFromSearchEngines, isOnline, createdAt, updatedAt, publishedAt, deletedAt }
    pageLive: new Map(),     // pageId -> published snapshot of the page's columns
    localizations: new Map(),// id -> { id, pageId, localeId, pathname, createdAt }
    routes: new Map(),       // id -> { id, siteId, pathname, createdAt, updatedAt, deletedAt }
  };
}

export const newId = () => randomUUID();

export function createDB() {
  return { state: emptyState() };
}

// BEGIN … COMMIT / ROLLBACK.
export function begin(db) {
  const state = db.state;
  const journal = [];
  return {
    state,
    now: clockMicros(),
    // UPDATE: call before changing a row in place.
    touch(row) { journal.push({ row, before: { ...row } }); return row; },
    // INSERT / UPSERT and DELETE of a whole key.
    put(table, key, value) {
      journal.push({ table, key, had: state[table].has(key), prev: state[table].get(key) });
      state[table].set(key, value);
      return value;
    },
    remove(table, key) {
      journal.push({ table, key, had: state[table].has(key), prev: state[table].get(key) });
      state[table].delete(key);
    },
    commit() { journal.length = 0; },
    rollback() {
      for (const entry of journal.reverse()) {
        if (entry.row) {
          for (const k of Object.keys(entry.row)) if (!(k in entry.before)) delete entry.row[k];
          Object.assign(entry.row, entry.before);
        } else if (entry.had) state[entry.table].set(entry.key, entry.prev);
        else state[entry.table].delete(entry.key);
      }
      journal.length = 0;
    },
  };
}

// ---- queries shared by the handlers ----

export const activeSite = (s, id) => {
  const site = s.sites.get(id);
  return site && site.deletedAt === null ? site : null;
};

export const activeLocales = (s, siteId) =>
  [...s.locales.values()].filter((l) => l.siteId === siteId && l.deletedAt === null);

export const defaultLocaleOf = (s, siteId) =>
  activeLocales(s, siteId).find((l) => l.isDefault) || null;

export const activePages = (s, siteId) =>
  [...s.pages.values()].filter((p) => p.siteId === siteId && p.deletedAt === null);

export const activeRoutes = (s, siteId) =>
  [...s.routes.values()].filter((r) => r.siteId === siteId && r.deletedAt === null);

// A page or route pathname clash: pages' draft pathnames and routes share one space per site.
export function pathnameTaken(s, siteId, pathname, { exceptPageId = null, exceptRouteId = null } = {}) {
  if (activePages(s, siteId).some((p) => p.pathname === pathname && p.id !== exceptPageId)) return 'page';
  if (activeRoutes(s, siteId).some((r) => r.pathname === pathname && r.id !== exceptRouteId)) return 'route';
  return null;
}

export function snapshotOf(page) {
  const { id, siteId, pathname, name, title, description, canonicalUrl, socialImageUrl, sitemapPriority,
    sitemapFrequency, excludedFromSearchEngines, isOnline, createdAt, updatedAt, publishedAt } = page;
  return { id, siteId, pathname, name, title, description, canonicalUrl, socialImageUrl, sitemapPriority,
    sitemapFrequency, excludedFromSearchEngines, isOnline, createdAt, updatedAt, publishedAt };
}
