import { db, resetDb, uuid, newAppKey, insertSite, insertLocale, insertPage, insertRoute, localize, defaultLocaleOf } from './store.mjs';

export function seed() {
  resetDb();
  const ws1 = { id: uuid(), name: 'Fjord Outfitters' };
  const ws2 = { id: uuid(), name: 'Kestrel Analytics' };
  db.workspaces.set(ws1.id, ws1);
  db.workspaces.set(ws2.id, ws2);
  const apiKey = newAppKey();
  const otherApiKey = newAppKey();
  db.appKeys.set(apiKey, ws1.id);
  db.appKeys.set(otherApiKey, ws2.id);

  const shop = insertSite({ workspaceId: ws1.id, name: 'Fjord Shop', hostOrigin: 'https://shop.fjord.example', defaultLocale: 'en-GB', mode: 'external' });
  const nb = insertLocale({ siteId: shop.id, code: 'nb-NO', domain: 'https://fjord.example.no' });
  const de = insertLocale({ siteId: shop.id, code: 'de' });
  const sv = insertLocale({ siteId: shop.id, code: 'sv-SE' });
  sv.deletedAt = Date.now() * 1000;
  const home = insertPage({ siteId: shop.id, pathname: '/', name: 'Home', isOnline: true });
  localize(home, nb, '/');
  const jackets = insertPage({ siteId: shop.id, pathname: '/jackets', name: 'Jackets', isOnline: true });
  localize(jackets, nb, '/jakker', { title: 'Jakker' });
  localize(jackets, de, '/jacken');
  localize(jackets, sv, '/jackor');
  insertPage({ siteId: shop.id, pathname: '/jackets/rain', name: 'Rain jackets', isOnline: true });
  const about = insertPage({ siteId: shop.id, pathname: '/About', name: 'About us', isOnline: true });
  about.description = 'Who we are';
  insertPage({ siteId: shop.id, pathname: '/drafts/winter-sale', name: 'Winter sale', isOnline: false, title: null });
  insertRoute({ siteId: shop.id, pathname: '/api/stock' });
  insertRoute({ siteId: shop.id, pathname: '/sitemap.xml' });

  const journal = insertSite({ workspaceId: ws1.id, name: 'Fjord Journal' });
  insertPage({ siteId: journal.id, pathname: '/', name: 'Journal', isOnline: true });
  insertPage({ siteId: journal.id, pathname: '/posts', name: 'Posts' });

  const other = insertSite({ workspaceId: ws2.id, name: 'Kestrel Docs', defaultLocale: 'fr-FR' });
  insertPage({ siteId: other.id, pathname: '/', name: 'Accueil', isOnline: true });
  insertRoute({ siteId: other.id, pathname: '/status' });

  return {
    apiKey, workspaceId: ws1.id, siteApiKey: shop.siteApiKey, otherApiKey, publicApiKey: shop.publicApiKey,
    siteId: shop.id, otherSiteId: other.id, otherWorkspaceId: ws2.id, defaultLocale: defaultLocaleOf(shop.id).code,
  };
}
