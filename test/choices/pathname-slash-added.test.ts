import { describe, expect, it } from 'vitest'
import { observedOnPermissive } from '../contract/twin/observe-permissive.js'
import { servedPerTest } from './choices-server.js'
import { probe } from './site-key-probes.js'

/**
 * pagePathnameSlash `added` before the form is judged: a deployment that adds a missing leading
 * slash and then judges the pathname by its grammar (one written from the documents alone takes
 * `about` as `/about` and refuses `/about/`). The probes learn the form behind the added slash, and
 * the twin takes and shows each pair; the mock's answers are in follow-http.test.ts.
 */
const start = servedPerTest()
const TAG = 'contract-51a5d001'

describe('a leading slash added, then the form judged', () => {
  it.each(['slash-first', 'trailing-slash', 'any'] as const)('pagePathnameForm %s beside pagePathnameSlash added is learned back, the slash added too', async (pagePathnameForm) => {
    const file = await probe(await start({ pagePathnameForm, pagePathnameSlash: 'added' }), TAG)
    expect([file.choices.pagePathnameForm, file.choices.pagePathnameSlash]).toEqual([pagePathnameForm, 'added'])
  }, 60_000)

  it.each(['slash-first', 'trailing-slash', 'any'] as const)('the twin takes pagePathnameForm %s beside an added slash, and its observation tells both', async (pagePathnameForm) => {
    const choices = { pagePathnameForm, pagePathnameSlash: 'added', pathnameTrailingSlash: 'kept', pagePathnameCharacters: 'accepted' } as const
    expect([await observedOnPermissive('pagePathnameForm', choices), await observedOnPermissive('pagePathnameSlash', choices)]).toEqual([pagePathnameForm, 'added'])
  })
})
