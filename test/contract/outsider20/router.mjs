// Endpoint routing for attribute routes, as ASP.NET Core matches them:
// - literal segments match in any letter case;
// - "{name:guid}" matches only what Guid.TryParse reads (anything else is no route: 404);
// - "{name}" matches one segment; "{**name}" takes the rest of the path, %2F still encoded;
// - one trailing slash is tolerated;
// - a known path with another method is no endpoint either (404, with an Allow header).
import { tryParseGuid } from './sqlserver.mjs';

function compile(template) {
  return template
    .split('/')
    .filter(Boolean)
    .map((s) => {
      const p = /^\{(\*\*)?([A-Za-z]+)(?::(guid))?\}$/.exec(s);
      if (!p) return { literal: s.toLowerCase() };
      if (p[1]) return { catchAll: p[2] };
      return { param: p[2], guid: p[3] === 'guid' };
    });
}

export class Router {
  constructor(endpoints) {
    this.endpoints = endpoints.map((e) => ({ ...e, segments: compile(e.template) }));
  }

  // Returns { endpoint, values } or { endpoint: null, allow: [...] }.
  match(method, path) {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const parts = trimmed.split('/').slice(1);
    const allow = new Set();
    let found = null;
    for (const e of this.endpoints) {
      const values = matchSegments(e.segments, parts, path);
      if (!values) continue;
      allow.add(e.method);
      if (e.method === method && !found) found = { endpoint: e, values };
    }
    if (found) return found;
    return { endpoint: null, allow: [...allow] };
  }
}

function matchSegments(segments, parts, fullPath) {
  const values = {};
  for (let k = 0; k < segments.length; k++) {
    const seg = segments[k];
    if (seg.catchAll) {
      // The rest of the path after the fixed part, trailing slash included, %2F still encoded.
      const prefix = `/${parts.slice(0, k).join('/')}/`;
      if (!fullPath.toLowerCase().startsWith(prefix.toLowerCase())) return null;
      const rest = fullPath.slice(prefix.length);
      if (rest.length === 0) return null;
      values[seg.catchAll] = rest;
      return values;
    }
    const part = parts[k];
    if (part === undefined || part === '') return null;
    if (seg.literal !== undefined) {
      if (part.toLowerCase() !== seg.literal) return null;
    } else if (seg.guid) {
      const g = tryParseGuid(part);
      if (g === null) return null;
      values[seg.param] = g;
    } else {
      values[seg.param] = part;
    }
  }
  return parts.length === segments.length ? values : null;
}
