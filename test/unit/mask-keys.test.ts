import { describe, expect, it } from 'vitest'
import { keyHint, maskPath, maskQuery, maskUrl, scrubKeys } from '../../src/journal/mask-keys.js'
import { encodedEach, firstEncoded } from '../support/key-spellings.js'

const APP_KEY = 'sk_Abcdefghijklmnopqrst1234'
const SITE_KEY = '0f8e2c4a-9b1d-4e7f-a3c5-6d2b8e1f9a07'
const OTHER_KEY = 'pk_live_0123456789abcdefWXYZ'
const known = { sent: [OTHER_KEY], isKey: (word: string) => word.toLowerCase() === SITE_KEY }

describe('maskQuery: a key-carrying parameter in any spelling a URL allows', () => {
  const cases: Array<[string, string, string]> = [
    ['plain', `api_key=${APP_KEY}`, 'api_key=sk_…1234'],
    ['first character encoded', `api_key=${firstEncoded(APP_KEY)}`, 'api_key=sk_…1234'],
    ['every character encoded', `api_key=${encodedEach(APP_KEY)}`, 'api_key=sk_…1234'],
    ['upper-case hex', `api_key=${encodedEach(APP_KEY, 'upper')}`, 'api_key=sk_…1234'],
    ['encoded twice', `api_key=${encodeURIComponent(encodedEach(APP_KEY))}`, 'api_key=sk_…1234'],
    ['encoded three times', `api_key=${encodeURIComponent(encodeURIComponent(encodedEach(APP_KEY)))}`, 'api_key=sk_…1234'],
    ['the name encoded', `api%5Fkey=${APP_KEY}`, 'api%5Fkey=sk_…1234'],
    ['the name in upper case, encoded in upper-case hex', `API%5FKEY=${APP_KEY}`, 'API%5FKEY=sk_…1234'],
    ['a name that says token, the value a UUID', `access_token=${SITE_KEY}`, 'access_token=…9a07'],
    ['x-api-key as a parameter', `x-api-key=${SITE_KEY}&limit=5`, 'x-api-key=…9a07&limit=5'],
    ['apiKey', `apiKey=${SITE_KEY}`, 'apiKey=…9a07'],
    ['key', `key=${SITE_KEY}`, 'key=…9a07'],
    ['+ for a space in a secret', 'token=my+long+secret+word', 'token=…word'],
    ['a short secret: no hint', 'token=abc', 'token=…'],
    ['an sk_ key under any name', `q=${encodedEach(APP_KEY)}&limit=20`, 'q=sk_…1234&limit=20'],
    ['a known Site key under any name', `siteId=${SITE_KEY.toUpperCase()}`, 'siteId=…9A07'],
    ['the key sent in x-api-key, under any name', `q=${firstEncoded(OTHER_KEY)}`, 'q=…WXYZ'],
    ['a key inside a nested URL', `next=${encodeURIComponent(`/v2/sites?api_key=${APP_KEY}`)}`, 'next=sk_…1234'],
    ['a repeated parameter', `api_key=${APP_KEY}&api_key=${SITE_KEY}`, 'api_key=sk_…1234&api_key=…9a07'],
    ['an empty value', 'api_key=&limit=1', 'api_key=&limit=1'],
    ['no value at all', 'api_key&limit=1', 'api_key&limit=1'],
    ['a key as the name', `${APP_KEY}=1`, 'sk_…1234=1'],
    ['a fragment', `limit=1#access_token=${SITE_KEY}`, 'limit=1#access_token=…9a07'],
    ['nothing to mask', `siteId=11111111-2222-4333-8444-555555555555&limit=20&locale=en`, 'siteId=11111111-2222-4333-8444-555555555555&limit=20&locale=en'],
    ['a malformed escape stays as sent', 'q=%zz&limit=1', 'q=%zz&limit=1'],
  ]
  it.each(cases)('%s', (_spelling, query, masked) => {
    expect(maskQuery(query, known)).toBe(masked)
  })

  it('reports the keys it found, decoded, for the caller to scrub elsewhere', () => {
    const found: string[] = []
    maskQuery(`api_key=${encodedEach(APP_KEY)}&q=${SITE_KEY}`, known, found)
    expect(found).toEqual([APP_KEY, SITE_KEY])
  })
})

describe('maskPath and maskUrl', () => {
  it.each([
    [`/v2/${APP_KEY}/pages`, '/v2/sk_…1234/pages'],
    [`/v2/${firstEncoded(APP_KEY)}`, '/v2/sk_…1234'],
    [`/v2/sites/${SITE_KEY}`, '/v2/sites/…9a07'],
    ['/v2/sites/11111111-2222-4333-8444-555555555555/pages', '/v2/sites/11111111-2222-4333-8444-555555555555/pages'],
  ])('%s', (path, masked) => {
    expect(maskPath(path, known)).toBe(masked)
  })

  it('masks a Location header: path, query and fragment', () => {
    expect(maskUrl(`https://example.test/v2/${APP_KEY}?API%5Fkey=${encodedEach(SITE_KEY)}#token=${SITE_KEY}`)).toBe('https://example.test/v2/sk_…1234?API%5Fkey=…9a07#token=…9a07')
  })
})

describe('scrubKeys: a found key echoed in any spelling', () => {
  it.each([
    ['plain', APP_KEY],
    ['first character encoded', firstEncoded(APP_KEY)],
    ['upper-case hex', encodedEach(APP_KEY, 'upper')],
    ['encoded twice', encodeURIComponent(encodedEach(APP_KEY))],
  ])('%s', (_spelling, spelled) => {
    expect(scrubKeys(`api_key must be a number; got "${spelled}"`, [APP_KEY])).toBe('api_key must be a number; got "sk_…1234"')
  })

  it('keeps the hint format of the journal: the last four characters, after sk_ for an App key', () => {
    expect([keyHint(APP_KEY), keyHint(SITE_KEY), keyHint('short')]).toEqual(['sk_…1234', '…9a07', '…'])
  })
})
