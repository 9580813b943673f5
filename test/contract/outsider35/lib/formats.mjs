// Formats: RFC 4122 UUIDs, RFC 3986 URIs, ISO-based locale codes, SQLite NOCASE.
import { isIPv6 } from 'node:net';
import { randomUUID, randomBytes } from 'node:crypto';

export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s) => typeof s === 'string' && UUID_RE.test(s);
export const newId = () => randomUUID();

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newAppKey() {
  const bytes = randomBytes(43);
  let s = 'sk_';
  for (const b of bytes) s += B62[b % 62];
  return s;
}

// ---- RFC 3986 "URI" (absolute, scheme required; relative references are not URIs)
const UNRES = "A-Za-z0-9\\-._~";
const SUB = "!$&'()*+,;=";
const esc = (s) => s.replace(/[\\\]\-^]/g, '\\$&');
const PCT = '%[0-9A-Fa-f]{2}';
const cls = (extra) => `(?:[${UNRES}${esc(SUB)}${esc(extra)}]|${PCT})`;
const PCHAR = cls(':@');
const SCHEME = '[A-Za-z][A-Za-z0-9+.\\-]*';
const USERINFO = `${cls(':')}*`;
const REGNAME = `${cls('')}*`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const URI_RE = new RegExp(
  `^(${SCHEME}):` +
  `(?:\\/\\/(?:(${USERINFO})@)?(\\[[^\\]]*\\]|${REGNAME})(?::([0-9]*))?((?:\\/${SEGMENT})*)` +
  `|(\\/(?:${SEGMENT_NZ}(?:\\/${SEGMENT})*)?)` +
  `|(${SEGMENT_NZ}(?:\\/${SEGMENT})*)` +
  `|)` +
  `(?:\\?(${QUERY}))?(?:#(${QUERY}))?$`
);
const IPVFUTURE = new RegExp(`^v[0-9A-Fa-f]+\\.[${UNRES}${esc(SUB)}:]+$`);
export function isUri(s) {
  if (typeof s !== 'string') return false;
  const m = URI_RE.exec(s);
  if (!m) return false;
  const host = m[3];
  if (host && host.startsWith('[')) {
    const inner = host.slice(1, -1);
    if (!(isIPv6(inner) || IPVFUTURE.test(inner))) return false;
  }
  return true;
}

// ---- Locale codes: ISO 639-1 language, optional ISO 3166-1 alpha-2 region.
const LANGS = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
export function isLocaleCode(s) {
  if (typeof s !== 'string') return false;
  const m = /^([A-Za-z]{2})(?:-([A-Za-z]{2}))?$/.exec(s);
  if (!m) return false;
  if (!LANGS.has(m[1].toLowerCase())) return false;
  if (m[2] !== undefined && !REGIONS.has(m[2].toUpperCase())) return false;
  return true;
}

// ---- SQLite NOCASE collation: folds ASCII A-Z only, then memcmp on UTF-8.
export const fold = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
export const nocaseEq = (a, b) => typeof a === 'string' && typeof b === 'string' && fold(a) === fold(b);
export function binaryCmp(a, b) { return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')); }
export function nocaseCmp(a, b) { return binaryCmp(fold(a), fold(b)); }
// SQLite LIKE 'prefix%' ESCAPE '\' : ASCII-case-insensitive, wildcards escaped.
export const likePrefix = (value, prefix) => fold(value).startsWith(fold(prefix));

// ISO-8601 text timestamps with milliseconds (what the ROM/SQLite layer writes).
let lastTs = 0;
export function nowIso() {
  let t = Date.now();
  if (t <= lastTs) t = lastTs + 1; // strictly increasing, like rowid order
  lastTs = t;
  return new Date(t).toISOString();
}

// Character length as Ruby's String#size (code points)
export const charLen = (s) => { let n = 0; for (const _ of s) n++; return n; };
