// The Go 1.22 net/http ServeMux, reduced to what the service registers:
//   - patterns "METHOD /literal/{name}/{rest...}"; a GET pattern also serves HEAD;
//   - matching works on the escaped path, segment by segment, each segment unescaped
//     before it is compared or captured ({rest...} captures the unescaped remainder);
//   - a request path that cleanPath would change ("//", "/./", "/../") is redirected with
//     301 Moved Permanently to the cleaned path, query kept;
//   - a path that matches only under other methods is 405 with an Allow header (sorted,
//     HEAD added when GET is there); anything else is 404.

const utf8 = new TextDecoder('utf-8', { fatal: false });

// url.PathUnescape: %XX decoded, "+" kept.
export function pathUnescape(s) {
  if (!s.includes('%')) return s;
  const bytes = [];
  for (let k = 0; k < s.length; k++) {
    if (s[k] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(k + 1, k + 3))) { bytes.push(parseInt(s.slice(k + 1, k + 3), 16)); k += 2; }
    else for (const b of Buffer.from(s[k])) bytes.push(b);
  }
  return utf8.decode(Uint8Array.from(bytes));
}

// path.Clean, then the trailing slash put back (net/http's cleanPath).
function goPathClean(p) {
  const rooted = p.startsWith('/');
  const parts = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (parts.length) parts.pop(); continue; }
    parts.push(seg);
  }
  return (rooted ? '/' : '') + parts.join('/') || (rooted ? '/' : '.');
}
export function cleanPath(p) {
  if (p === '') return '/';
  if (p[0] !== '/') p = '/' + p;
  let np = goPathClean(p);
  if (p.endsWith('/') && np !== '/') np += '/';
  return np;
}

function compile(path) {
  return path.slice(1).split('/').map((seg) => {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*)(\.\.\.)?\}$/.exec(seg);
    if (!m) return { kind: 'literal', value: seg };
    return { kind: m[2] ? 'multi' : 'single', name: m[1] };
  });
}

function matchSegments(segments, escapedPath) {
  let rest = escapedPath;
  const params = {};
  for (const sg of segments) {
    if (sg.kind === 'multi') {
      if (!rest.startsWith('/')) return null;
      params[sg.name] = pathUnescape(rest.slice(1));
      return params;
    }
    if (rest === '' || rest === '/') return null; // a trailing slash matches no single segment
    const next = rest.indexOf('/', 1);
    const seg = pathUnescape(next < 0 ? rest.slice(1) : rest.slice(1, next));
    rest = next < 0 ? '' : rest.slice(next);
    if (sg.kind === 'literal' ? seg !== sg.value : seg === '') return null;
    if (sg.kind === 'single') params[sg.name] = seg;
  }
  return rest === '' ? params : null;
}

export class ServeMux {
  constructor() { this.entries = []; }

  handle(pattern, handler, meta = {}) {
    const [method, path] = pattern.split(' ');
    this.entries.push({ method, path, segments: compile(path), handler, meta, pattern });
  }

  // Returns { kind: 'redirect', location } | { kind: 'match', entry, params }
  //       | { kind: 'methodNotAllowed', allow } | { kind: 'notFound' }.
  find(method, escapedPath, rawQuery) {
    const cleaned = cleanPath(escapedPath);
    if (cleaned !== escapedPath) {
      return { kind: 'redirect', location: cleaned + (rawQuery ? '?' + rawQuery : '') };
    }
    const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    const allow = new Set();
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, escapedPath);
      if (!params) continue;
      if (wanted.includes(entry.method)) return { kind: 'match', entry, params };
      allow.add(entry.method);
    }
    if (allow.size === 0) return { kind: 'notFound' };
    if (allow.has('GET')) allow.add('HEAD');
    return { kind: 'methodNotAllowed', allow: [...allow].sort().join(', ') };
  }
}
