// Value rules shared by the handlers: the port of the Kotlin `Validators.kt`
// and of the SQL Server behaviours (collation, uniqueidentifier order, datetime2).

// ---------- identifiers ----------
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
export const normUuid = (s) => s.toLowerCase();

// SQL Server orders uniqueidentifier by byte groups 10-15, 8-9, 6-7, 4-5, 0-3.
export function uniqueidentifierKey(id) {
  const p = id.toLowerCase().split('-');
  return p[4] + p[3] + p[2] + p[1] + p[0];
}
export function compareUniqueidentifier(a, b) {
  const ka = uniqueidentifierKey(a), kb = uniqueidentifierKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

// ---------- collation: SQL_Latin1_General_CP1_CI_AS approximation ----------
const collator = new Intl.Collator('en', { sensitivity: 'accent', usage: 'sort' });
const stripPad = (s) => s.replace(/ +$/, ''); // ANSI padding: trailing blanks ignored by '='
export const collate = (a, b) => collator.compare(a, b);
export const sqlEquals = (a, b) => collator.compare(stripPad(a), stripPad(b)) === 0;
// LIKE 'prefix%' with the pattern escaped: case-insensitive, accent-sensitive.
export function sqlStartsWith(value, prefix) {
  if (prefix.length === 0) return true;
  if (value.length < prefix.length) return false;
  return collator.compare(value.slice(0, prefix.length), prefix) === 0;
}

// ---------- datetime2(7) clock rendered like java.time.Instant.toString() ----------
let lastTicks = 0n;
const hrBase = process.hrtime.bigint();
const wallBase = BigInt(Date.now()) * 10000n;
export function nowTicks() {
  // 100 ns ticks since the epoch; monotonic and strictly increasing like an IDENTITY-backed clock.
  let t = wallBase + (process.hrtime.bigint() - hrBase) / 100n;
  if (t <= lastTicks) t = lastTicks + 1n;
  lastTicks = t;
  return t;
}
export function formatTicks(t) {
  if (t === null || t === undefined) return null;
  const ms = Number(t / 10000n);
  const base = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
  const nanos = Number(t % 10000000n) * 100;
  if (nanos === 0) return `${base}Z`;
  if (nanos % 1000000 === 0) return `${base}.${String(nanos / 1000000).padStart(3, '0')}Z`;
  if (nanos % 1000 === 0) return `${base}.${String(nanos / 1000).padStart(6, '0')}Z`;
  return `${base}.${String(nanos).padStart(9, '0')}Z`;
}

// ---------- locale codes: ISO 639-1 language, optional ISO 3166-1 alpha-2 region ----------
const LANGS = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy ' +
  'da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik ' +
  'io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt ' +
  'my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so ' +
  'sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ ' +
  'FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP ' +
  'MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE ' +
  'RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));

// Returns an error message or null. Canonical case is required on input.
export function localeCodeProblem(s) {
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(s);
  if (!m) return 'must be a locale code written as a lowercase ISO 639-1 language, optionally followed by "-" and an uppercase ISO 3166-1 alpha-2 region (e.g. "en" or "en-US")';
  if (!LANGS.has(m[1])) return `unknown ISO 639-1 language "${m[1]}"`;
  if (m[2] && !REGIONS.has(m[2])) return `unknown ISO 3166-1 region "${m[2]}"`;
  return null;
}
// Shape of a code used for lookup (lookups go through the case-insensitive collation).
export const looksLikeLocaleCode = (s) => /^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/.test(s);

// ---------- URIs (RFC 3986 absolute-URI, http/https with an authority) ----------
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUBDELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUBDELIMS}:@]|${PCT})`;
const REGNAME = `(?:[${UNRESERVED}${SUBDELIMS}]|${PCT})+`;
const DEC = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${DEC}\\.${DEC}\\.${DEC}\\.${DEC}`;
const IPLIT = `\\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUBDELIMS}:]+)\\]`;
const URI_RE = new RegExp(`^([A-Za-z][A-Za-z0-9+.\\-]*):\\/\\/(${IPLIT}|${IPV4}|${REGNAME})(?::([0-9]*))?((?:\\/${PCHAR}*)*)(?:\\?((?:${PCHAR}|[/?])*))?$`);
export const URI_MAX = 2048;

export function httpUriProblem(s) {
  if (s.length === 0) return 'must not be empty';
  if (s.length > URI_MAX) return `must be at most ${URI_MAX} characters`;
  if (s.includes('#')) return 'must be an absolute URI without a fragment';
  if (/^[A-Za-z][A-Za-z0-9+.\-]*:\/\/[^/?#]*@/.test(s)) return 'must not contain user information';
  const m = URI_RE.exec(s);
  if (!m) return 'must be an absolute RFC 3986 URI including the protocol (e.g. "https://example.com")';
  const scheme = m[1].toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return 'must use the http or https scheme';
  if (m[3] !== undefined) {
    if (m[3] === '' || m[3].length > 5 || Number(m[3]) > 65535) return 'has an invalid port';
  }
  return null;
}

// ---------- pathnames of pages and routes ----------
export const PATHNAME_MAX = 512;
const SEGMENT_RE = new RegExp(`^${PCHAR}+$`);
export function pathnameProblem(s) {
  if (s.length === 0) return 'must not be empty';
  if (s.length > PATHNAME_MAX) return `must be at most ${PATHNAME_MAX} characters`;
  if (s[0] !== '/') return 'must start with "/"';
  if (s === '/') return null;
  if (s.endsWith('/')) return 'must not end with "/"';
  const segs = s.slice(1).split('/');
  for (const seg of segs) {
    if (seg === '') return 'must not contain empty segments ("//")';
    if (seg === '.' || seg === '..') return 'must not contain "." or ".." segments';
    if (!SEGMENT_RE.test(seg)) return 'may only contain RFC 3986 path characters (letters, digits, "-._~", sub-delimiters, ":", "@" or %-escapes)';
  }
  return null;
}

// ---------- free text ----------
export function textProblem(s, max) {
  if (s.length === 0) return 'must not be empty';
  if (s.trim().length === 0) return 'must not be blank';
  if (s.length > max) return `must be at most ${max} characters`;
  if (s !== s.trim()) return 'must not start or end with whitespace';
  if (/[\u0000-\u001f\u007f]/.test(s)) return 'must not contain control characters';
  return null;
}
