/**
 * How calibration sets two answers of the same status side by side without mapping ids or
 * instants: by their shape (the fields present, each value's JSON type, a list's length).
 */

const PARAMS: Readonly<Record<string, string>> = { sites: '{siteId}', locales: '{localeIdOrCode}', pages: '{pageIdOrPathname}', routes: '{routeIdOrPathname}' }

/** A path's operation template: /v6/pages/8f…?siteId=… is /v6/pages/{pageIdOrPathname}. */
export function templateOf(path: string): string {
  const segments = path.split('?')[0]!.split('/')
  // ['', 'v2', 'sites', id, 'duplicate']
  if (segments.length > 3) segments[3] = PARAMS[segments[2]!] ?? '{id}'
  return segments.join('/')
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/**
 * The first place where the target's body and the mock's differ in shape, named by its path and
 * what differs (`data: 3 items from the target, 2 from the mock`); undefined when they agree.
 * Items of a list are compared in order: an order both sides share is the documents' or a choice.
 */
export function shapeDifference(target: unknown, mock: unknown, at = ''): string | undefined {
  const name = at === '' ? 'the body' : at
  const [targetType, mockType] = [typeOf(target), typeOf(mock)]
  if (targetType !== mockType) return `${name}: ${targetType} from the target, ${mockType} from the mock`
  if (Array.isArray(target) && Array.isArray(mock)) {
    if (target.length !== mock.length) return `${name}: ${target.length} item(s) from the target, ${mock.length} from the mock`
    for (const [index, item] of target.entries()) {
      const found = shapeDifference(item, mock[index], `${at}[]`)
      if (found) return found
    }
    return undefined
  }
  if (targetType !== 'object') return undefined
  const [left, right] = [target as Record<string, unknown>, mock as Record<string, unknown>]
  const path = (key: string): string => (at === '' ? key : `${at}.${key}`)
  for (const key of Object.keys(left)) if (!(key in right)) return `${path(key)}: sent by the target, not by the mock`
  for (const key of Object.keys(right)) if (!(key in left)) return `${path(key)}: sent by the mock, not by the target`
  for (const key of Object.keys(left)) {
    const found = shapeDifference(left[key], right[key], path(key))
    if (found) return found
  }
  return undefined
}
