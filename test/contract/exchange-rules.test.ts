import { describe, expect, it } from 'vitest'
import { detailFields, errorCodeProblem, PageWalk, skippedItem, unnamedFieldProblem } from '../../src/contract/exchange-rules.js'

const page = (ids: string[], hasMore: unknown) => ({ object: 'list', data: ids.map((id) => ({ id })), hasMore })

describe('the rules one exchange decides', () => {
  it('pairs each error status with its code, and wants a 400 to name a field', () => {
    expect(errorCodeProblem(404, { object: 'error', code: 'not_found', message: 'x' })).toBeUndefined()
    expect(errorCodeProblem(409, { object: 'error', code: 'bad_request', message: 'x' })).toBe('a 409 carries the code "bad_request", expected "conflict"')
    // A status the service rules give no code (429 has its own schema) is not held to one.
    expect(errorCodeProblem(429, { code: 'too_many_requests' })).toBeUndefined()
    expect(detailFields({ details: [{ field: 'name', message: 'm' }, { field: 'siteId', message: 'm' }] })).toEqual(['name', 'siteId'])
    expect(unnamedFieldProblem({ details: [{ field: 'name', message: 'm' }] })).toBeUndefined()
    expect(unnamedFieldProblem({ code: 'bad_request' })).toBe('the 400 names no field, expected at least one of the invalid ones (details absent)')
  })
})

describe('the rules a walk of pages decides', () => {
  it('follows a walk page by page, its cursor the last id seen', () => {
    const walk = new PageWalk(2, 'the walk')
    expect(walk.next(page(['a', 'b'], true))).toBeUndefined()
    expect(walk.cursor).toBe('b')
    expect(walk.next(page(['c'], false))).toBeUndefined()
    expect(walk.seen).toEqual(['a', 'b', 'c'])
  })

  it('says the first promise a page breaks', () => {
    expect(new PageWalk(2, 'the walk').next(page(['a'], 'yes'))).toBe('expected hasMore true or false, got "yes": page 1 of the walk')
    expect(new PageWalk(undefined, 'the walk').next(page(Array.from({ length: 21 }, (_, i) => String(i)), false))).toBe('expected at most 20 items, got 21: page 1 of the walk')
    expect(new PageWalk(2, 'the walk').next(page([], true))).toBe('expected items on a page with hasMore true, got none: page 1 of the walk')
    const repeating = new PageWalk(2, 'the walk')
    repeating.next(page(['a', 'b'], true))
    expect(repeating.next(page(['b', 'c'], false))).toBe('expected each item once, got b twice, on page 1 and on page 2: the walk')
  })

  it('finds an item a page skipped against an earlier whole walk of the list', () => {
    expect(skippedItem(['a', 'b', 'c', 'd'], 'a', ['b', 'c'])).toBeUndefined()
    expect(skippedItem(['a', 'b', 'c', 'd'], 'a', ['c', 'd'])).toBe('expected the page after a to start with b, which followed it in an earlier walk of the same list, got c: b was skipped')
    // A cursor the earlier walk did not see, the end of the list, an empty page: nothing to say.
    expect(skippedItem(['a', 'b'], 'z', ['b'])).toBeUndefined()
    expect(skippedItem(['a', 'b'], 'b', ['c'])).toBeUndefined()
    expect(skippedItem(['a', 'b'], 'a', [])).toBeUndefined()
  })
})
