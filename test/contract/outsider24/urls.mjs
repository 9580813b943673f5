// config/urls.py -> api/v2/urls.py, api/v6/urls.py: Django path() patterns and converters.
import * as v from './views.mjs';

const CONVERTERS = {
  str: '[^/]+',
  path: '.+',
  // django.urls.converters.UUIDConverter: lower-case, hyphenated only
  uuid: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
};

function path(route, view) {
  const names = [];
  const src = route.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '<' || c === '>' ? c : '\\' + c))
    .replace(/<(?:(\w+):)?(\w+)>/g, (_, conv = 'str', name) => { names.push(name); return `(${CONVERTERS[conv]})`; });
  return { re: new RegExp(`^${src}$`, 's'), names, view };
}

const v2 = [
  path('sites', v.SiteList),
  path('sites/<uuid:siteId>', v.SiteDetail),
  path('sites/<uuid:siteId>/duplicate', v.SiteDuplicate),
  path('sites/<uuid:siteId>/pages', v.SitePageList),
  path('locales', v.LocaleList),
  path('locales/<str:localeIdOrCode>', v.LocaleDetail),
  path('locales/<str:localeIdOrCode>/restore', v.LocaleRestore),
  path('routes', v.RouteList),
  path('routes/<path:routeIdOrPathname>', v.RouteDetail),
];
const v6 = [
  path('pages', v.PageList),
  path('pages/<path:pageIdOrPathname>', v.PageDetail),
];
const urlpatterns = [['v2/', v2], ['v6/', v6]];

// django.urls.resolve(): PATH_INFO without its leading slash; first match wins
export function resolve(pathInfo) {
  if (!pathInfo.startsWith('/')) return null;
  const p = pathInfo.slice(1);
  for (const [prefix, patterns] of urlpatterns) {
    if (!p.startsWith(prefix)) continue;
    const rest = p.slice(prefix.length);
    for (const pat of patterns) {
      const m = pat.re.exec(rest);
      if (m) return { view: pat.view, kwargs: Object.fromEntries(pat.names.map((n, i) => [n, m[i + 1]])) };
    }
  }
  return null;
}
