// Conversions the way the JVM stack does them: java.util.UUID.fromString (Spring's StringToUUIDConverter),
// Jackson's UUIDDeserializer, Double.valueOf (Spring's StringToNumberConverterFactory), java.util.Locale tags,
// OffsetDateTime printed by Jackson's JavaTimeModule (ISO_OFFSET_DATE_TIME: fraction trimmed, 'Z').
import { randomUUID, randomBytes } from 'node:crypto';

const HEX = /^\+?[0-9a-fA-F]+$/;
// java.util.UUID.fromString after String.trim(): 4 dashes, each component hex (sign allowed), masked to width
export function javaUuid(raw) {
  const s = raw.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (s === '') return { empty: true };
  if (s.length > 36) return { error: 'UUID string too large' };
  const parts = s.split('-');
  if (parts.length !== 5) return { error: `Invalid UUID string: ${s}` };
  const widths = [8, 4, 4, 4, 12];
  let out = [];
  for (let k = 0; k < 5; k++) {
    if (!HEX.test(parts[k])) return { error: `Error at index ${Math.max(0, [...parts[k]].findIndex((c) => !/[0-9a-fA-F+]/.test(c)))} in: "${parts[k]}"` };
    const v = BigInt('0x' + parts[k].replace('+', '')) & ((1n << BigInt(widths[k] * 4)) - 1n);
    out.push(v.toString(16).padStart(widths[k], '0'));
  }
  return { value: out.join('-') };
}

const STRICT_UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isCanonicalUuid = (s) => typeof s === 'string' && STRICT_UUID.test(s);
// Jackson UUIDDeserializer: 36-char form (any case) or 24-char Base64 of the 16 bytes
export function jacksonUuid(s) {
  if (STRICT_UUID.test(s)) return { value: s.toLowerCase() };
  if (s.length === 24 && /^[A-Za-z0-9+/]{22}==$/.test(s)) {
    const h = Buffer.from(s, 'base64').toString('hex');
    return { value: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` };
  }
  return { error: `Cannot deserialize value of type \`java.util.UUID\` from String "${s}": UUID has to be represented by standard 36-char representation` };
}

// Double.valueOf syntax (decimal or hex floating literal, optional f/F/d/D suffix, NaN, Infinity)
const DEC = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;
const HEXF = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/;
export function javaDouble(raw) {
  const s = raw.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (s === '') return { empty: true };
  if (DEC.test(s)) return { value: Number(s.replace(/[fFdD]$/, '')) };
  const h = HEXF.exec(s);
  if (h && (h[2] || h[3])) {
    const mant = parseInt((h[2] || '0') + (h[3] || ''), 16) / 16 ** (h[3] || '').length;
    return { value: (h[1] === '-' ? -1 : 1) * mant * 2 ** Number(h[4]) };
  }
  return { error: `For input string: "${s}"` };
}

const LANGS = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik in io is it iu iw ja ji jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW 001 150 419').split(' '));
export const LOCALE_PATTERN = '^[a-zA-Z]{2}(-([a-zA-Z]{2}|[0-9]{3}))?$';
const LOCALE_RE = new RegExp(LOCALE_PATTERN);
// @field:Pattern + custom @IsoLocale constraint; the stored form is Locale.forLanguageTag(x).toLanguageTag()
export function checkLocaleCode(s) {
  if (!LOCALE_RE.test(s)) return { error: `must match "${LOCALE_PATTERN}"` };
  const [l, r] = s.split('-');
  if (!LANGS.has(l.toLowerCase())) return { error: `must be a supported locale: unknown ISO 639-1 language '${l.toLowerCase()}'` };
  if (r && !REGIONS.has(r.toUpperCase())) return { error: `must be a supported locale: unknown ISO 3166-1 region '${r.toUpperCase()}'` };
  return { value: l.toLowerCase() + (r ? '-' + r.toUpperCase() : '') };
}

// @field:URL(regexp = "^https?://.*") — absolute http(s) URL with a host; stored exactly as sent
export function checkHttpUrl(s) {
  if (/[\s<>"{}|\\^`]/.test(s)) return 'must be a valid URL';
  // java.net.URI (RFC 3986) admits no character outside ASCII: an IRI must come punycoded or percent-encoded (format: uri).
  if (/[^\x00-\x7f]/.test(s)) return 'must be a valid URL';
  let u; try { u = new URL(s); } catch { return 'must be a valid URL'; }
  if (!/^https?:\/\//i.test(s) || !u.hostname) return 'must be a valid URL';
  return null;
}

// Clock with microsecond precision (PostgreSQL timestamptz), strictly increasing
let lastMicros = 0n;
const base = BigInt(Date.now()) * 1000n - process.hrtime.bigint() / 1000n;
export function nowMicros() {
  let t = base + process.hrtime.bigint() / 1000n;
  if (t <= lastMicros) t = lastMicros + 1n;
  lastMicros = t;
  return t;
}
export function isoMicros(m) {
  if (m === null || m === undefined) return null;
  const ms = Number(m / 1000n), us = Number(m % 1000n);
  const d = new Date(ms).toISOString(); // 2026-01-01T00:00:00.123Z
  let frac = (d.slice(20, 23) + String(us).padStart(3, '0')).replace(/0+$/, '');
  return d.slice(0, 19) + (frac ? '.' + frac : '') + 'Z';
}

export const uuid = () => randomUUID();
export function appKey() {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return 'sbs_app_' + [...randomBytes(40)].map((b) => abc[b % 62]).join('');
}
