// App\Rules\*: custom rule objects of the team.
import { rule } from './validation.mjs';

const LANGS = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));
const REGIONS = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));

// A locale code: ISO 639-1 language in lower case, optionally "-" and an ISO 3166-1 region in upper case.
export const localeCode = rule('locale_code', (v) => {
  if (typeof v !== 'string') return false;
  const m = /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(v);
  return !!m && LANGS.has(m[1]) && (!m[2] || REGIONS.has(m[2]));
}, 'The :attribute field must be a valid locale code.');

// A page pathname: "/" or "/"-separated segments of letters, marks, digits and RFC 3986 sub-delims.
export const pagePathname = rule('page_pathname', (v) => typeof v === 'string'
  && /^\/(?:[\p{L}\p{M}\p{N}\-._~!$&'()*+,;=:@]+(?:\/[\p{L}\p{M}\p{N}\-._~!$&'()*+,;=:@]+)*)?$/u.test(v)
  && !v.split('/').some((s) => s === '.' || s === '..'), 'The :attribute field format is invalid.');

// A route pathname in Laravel's own route syntax: literal segments and {param} / {param?} segments,
// optional parameters only at the end, parameter names unique.
export const routePathname = rule('route_pathname', (v) => {
  if (typeof v !== 'string' || !v.startsWith('/')) return false;
  if (v === '/') return true;
  const segs = v.slice(1).replace(/\/$/, '').split('/');
  const names = new Set(); let optionalSeen = false;
  for (const s of segs) {
    const p = /^\{([A-Za-z_][A-Za-z0-9_]*)(\?)?\}$/.exec(s);
    if (p) {
      if (names.has(p[1])) return false;
      names.add(p[1]);
      if (p[2]) optionalSeen = true; else if (optionalSeen) return false;
    } else if (!/^[A-Za-z0-9\-._~]+$/.test(s) || s === '.' || s === '..' || optionalSeen) return false;
  }
  return true;
}, 'The :attribute field format is invalid.');

export const LIMIT_RULES = ['nullable', 'integer', 'min:1', 'max:100'];
