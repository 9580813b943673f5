// In-memory state and the seed data. Nothing is persisted.
import { randomUUID, randomBytes } from 'node:crypto';

// CHOICE (timestamps): second precision with an explicit "+00:00" offset instead of "Z".
export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
// CHOICE (App API key format): "sk_" + 43 base64url characters, random per start.
export const newAppKey = () => 'sk_' + randomBytes(32).toString('base64url');

export class Store {
  constructor() {
    this.workspaces = new Map(); // id -> {id, appKey}
    this.sites = new Map();      // id -> site
    this.locales = new Map();    // id -> locale (soft-deleted ones keep deletedAt)
    this.pages = new Map();      // id -> page
    this.routes = new Map();     // id -> route
    this.seq = 0;                // insertion counter used for stable orders
  }
  next() { return ++this.seq; }

  addWorkspace() {
    const ws = { id: randomUUID(), appKey: newAppKey() };
    this.workspaces.set(ws.id, ws);
    return ws;
  }

  addSite({ workspaceId, name, hostOrigin = null, defaultLocale = 'en-US', localeManagementMode = 'external' }) {
    const site = {
      id: randomUUID(), workspaceId, name, hostOrigin,
      publicApiKey: randomUUID(),
      // CHOICE: the Site API key is a separate secret UUID, distinct from publicApiKey
      // (publicApiKey is NOT accepted in x-api-key).
      siteApiKey: randomUUID(),
      defaultLocale,
      // CHOICE: defaultLocalePathPrefix is always returned, as null.
      defaultLocalePathPrefix: null,
      // CHOICE: new sites default to localeManagementMode "external" (locales are managed via this API).
      localeManagementMode,
      seq: this.next(),
    };
    this.sites.set(site.id, site);
    this.addLocale({ siteId: site.id, locale: defaultLocale });
    return site;
  }

  addLocale({ siteId, locale, domain = null }) {
    // CHOICE: pathPrefix is never set by any operation, so it is always null (= locale code used as prefix).
    const l = { id: randomUUID(), siteId, locale, domain, pathPrefix: null, deletedAt: null, seq: this.next() };
    this.locales.set(l.id, l);
    return l;
  }

  addPage({ siteId, pathname, name, isOnline = false, at = nowIso() }) {
    const p = {
      id: randomUUID(), siteId, name, pathname,
      canonicalUrl: null, title: null, description: null, socialImageUrl: null,
      // CHOICE (defaults of a new page): sitemapPriority 0.5, sitemapFrequency "monthly",
      // excludedFromSearchEngines false, isOnline FALSE (a new page is offline until switched online).
      sitemapPriority: 0.5, sitemapFrequency: 'monthly',
      createdAt: at, updatedAt: at, publishedAt: null,
      isOnline: false, excludedFromSearchEngines: false,
      localizations: [], // [{id, localeId, pathname}]
      live: null,        // snapshot served for versionRef=ref:live
      seq: this.next(),
    };
    this.pages.set(p.id, p);
    if (isOnline) setOnline(p, true, at);
    return p;
  }

  addRoute({ siteId, pathname }) {
    const r = { id: randomUUID(), siteId, pathname, seq: this.next() };
    this.routes.set(r.id, r);
    return r;
  }

  // ---------- queries ----------
  activeLocales(siteId) {
    return [...this.locales.values()].filter((l) => l.siteId === siteId && !l.deletedAt);
  }
  activeLocaleByCode(siteId, code) {
    return this.activeLocales(siteId).find((l) => l.locale === code);
  }
  sitePages(siteId) { return [...this.pages.values()].filter((p) => p.siteId === siteId); }
  siteRoutes(siteId) { return [...this.routes.values()].filter((r) => r.siteId === siteId); }

  /** CHOICE (cascade): deleting a site hard-deletes its locales, pages and routes and revokes its Site API key. */
  deleteSite(site) {
    for (const m of [this.locales, this.pages, this.routes]) {
      for (const [id, x] of m) if (x.siteId === site.id) m.delete(id);
    }
    this.sites.delete(site.id);
  }
}

/**
 * Publishing model for versionRef (CHOICE): switching a page online publishes it (ref:live snapshot = draft,
 * publishedAt = now); switching it offline marks the live snapshot offline. Other edits stay draft-only
 * until the page is switched online again.
 */
export function setOnline(page, online, at = nowIso()) {
  page.isOnline = online;
  if (online) {
    page.publishedAt = at;
    page.live = null;
    page.live = structuredClone(page);
  } else if (page.live) {
    page.live.isOnline = false;
  }
}

export function createSeededStore() {
  const s = new Store();
  const ws1 = s.addWorkspace();
  const ws2 = s.addWorkspace();

  const a = s.addSite({ workspaceId: ws1.id, name: 'Acme Marketing', hostOrigin: 'https://acme.example' });
  const fr = s.addLocale({ siteId: a.id, locale: 'fr-FR', domain: 'https://acme.example.fr' });
  s.addPage({ siteId: a.id, pathname: '/', name: 'Home', isOnline: true });
  const about = s.addPage({ siteId: a.id, pathname: '/about', name: 'About', isOnline: true });
  about.title = 'About Acme';
  about.localizations.push({ id: randomUUID(), localeId: fr.id, pathname: '/a-propos' });
  setOnline(about, true);
  s.addPage({ siteId: a.id, pathname: '/drafts/new-idea', name: 'New idea' });
  s.addRoute({ siteId: a.id, pathname: '/docs' });

  const b = s.addSite({ workspaceId: ws1.id, name: 'Acme Shop', defaultLocale: 'de-DE' });
  s.addPage({ siteId: b.id, pathname: '/', name: 'Start', isOnline: true });
  s.addPage({ siteId: b.id, pathname: '/kontakt', name: 'Kontakt', isOnline: true });
  s.addRoute({ siteId: b.id, pathname: '/shop' });

  const c = s.addSite({ workspaceId: ws2.id, name: 'Other Co', hostOrigin: 'https://other.example', defaultLocale: 'en-GB' });
  s.addPage({ siteId: c.id, pathname: '/', name: 'Home', isOnline: true });
  s.addPage({ siteId: c.id, pathname: '/pricing', name: 'Pricing', isOnline: true });
  s.addRoute({ siteId: c.id, pathname: '/external' });

  s.seedInfo = { apiKey: ws1.appKey, workspaceId: ws1.id, siteApiKey: a.siteApiKey, otherApiKey: ws2.appKey };
  return s;
}
