// outsider10 seed data: two workspaces; random ids and keys on every start.
import { now } from './store.mjs';

export function seed(store) {
  const { ws: ws1, appKey } = store.addWorkspace('Ember & Oak');
  const { ws: ws2, appKey: otherApiKey } = store.addWorkspace('Pinecrest Labs');

  const site = (workspaceId, name, code, extra = {}) => {
    const s = store.insertSite({ workspaceId, name, ...extra });
    s.defaultLocaleId = store.insertLocale(s.id, { code }).id;
    return s;
  };
  const locale = (s, code, extra = {}) => store.insertLocale(s.id, { code, ...extra });

  // page(site, pathname, name, { title, description, online, published, liveTitle, l10n: [[locale, pathname, title?]] })
  const page = (s, pathname, name, o = {}) => {
    const t = now();
    const depth = pathname === '/' ? 0 : pathname.split('/').length - 1;
    const draft = {
      pathname,
      canonicalUrl: s.hostOrigin ? s.hostOrigin + pathname : null,
      title: o.title ?? null,
      description: o.description ?? null,
      socialImageUrl: o.socialImageUrl ?? null,
      sitemapPriority: Math.round((1 / (depth + 1)) * 100) / 100,
      sitemapFrequency: o.frequency ?? 'never',
      createdAt: t,
      updatedAt: t,
      publishedAt: null,
      isOnline: false,
      excludedFromSearchEngines: false,
      localizations: (o.l10n || []).map(([loc, p, title]) => ({
        id: store.newLocalizationId(),
        localeId: loc.id,
        pathname: p,
        title: title ?? null,
        description: null,
        createdAt: now(),
      })),
    };
    const pg = store.insertPage(s.id, name, draft);
    if (o.online || o.published) {
      draft.publishedAt = now();
      draft.isOnline = true;
      pg.live = structuredClone(draft);
      if (o.liveTitle) pg.live.title = o.liveTitle;
      if (!o.online) {
        draft.isOnline = false;
        pg.live.isOnline = false;
      }
    }
    return pg;
  };

  // ---- workspace 1
  const journal = site(ws1.id, 'Oak Journal', 'en-US', { hostOrigin: 'https://oakjournal.example', localeManagementMode: 'external' });
  const fr = locale(journal, 'fr-FR', { domain: 'https://fr.oakjournal.example/' });
  const mx = locale(journal, 'es-MX', { pathPrefix: 'mx' });
  const de = locale(journal, 'de-DE');
  page(journal, '/', 'Home', { title: 'Oak Journal', description: 'Essays from the oak grove', online: true, frequency: 'daily', l10n: [[fr, '/', 'Journal du chêne']] });
  page(journal, '/essays', 'Essays', { title: 'Essays', online: true, l10n: [[fr, '/essais', 'Essais'], [mx, '/ensayos', 'Ensayos'], [de, '/aufsaetze', 'Aufsätze']] });
  page(journal, '/essays/winter-light', 'Winter light', { title: 'Winter Light', description: 'A short essay on December light', online: true, l10n: [[fr, '/essais/lumiere-d-hiver']] });
  page(journal, '/Colophon', 'Colophon', { online: true });
  page(journal, '/contact', 'Contact', { title: 'Contact us', liveTitle: 'Contact', online: true });
  page(journal, '/drafts/spring', 'Spring (draft)', { title: 'Spring' });
  page(journal, '/archive/2022', 'Archive 2022', { title: 'Archive 2022', published: true });
  store.insertRoute(journal.id, '/feed/:format');
  store.insertRoute(journal.id, '/tags/{tag}');
  de.deleted = true;
  de.deletedAt = now();

  const market = site(ws1.id, 'Oak Market', 'nl-NL');
  const gb = locale(market, 'en-GB', { domain: 'https://shop.oakmarket.example/' });
  page(market, '/', 'Home', { title: 'Oak Market', online: true });
  page(market, '/winkel', 'Winkel', { title: 'Winkel', online: true, l10n: [[gb, '/shop', 'Shop']] });
  page(market, '/mandje', 'Mandje', { title: 'Mandje' });
  store.insertRoute(market.id, '/afrekenen/:stap');

  // ---- workspace 2
  const home = site(ws2.id, 'Pinecrest Home', 'pl-PL', { hostOrigin: 'https://pinecrest.example' });
  const us = locale(home, 'en-US');
  page(home, '/', 'Start', { title: 'Pinecrest', online: true });
  page(home, '/cennik', 'Cennik', { title: 'Cennik', online: true, l10n: [[us, '/pricing', 'Pricing']] });
  store.insertRoute(home.id, '/status');

  return { apiKey: appKey, workspaceId: ws1.id, siteApiKey: market.siteKey, otherApiKey };
}
