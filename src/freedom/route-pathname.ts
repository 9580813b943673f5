/**
 * The format rules of a route pathname, the ones `skipValidation=true` skips. A pathname starts
 * with /, and every segment after it is non-empty (a deployment may take empty ones inside it,
 * choice routeEmptySegment) and is one of: plain text, a dynamic segment
 * `[name]`, a catch-all `[...name]` or an optional catch-all `[[...name]]`. A catch-all of
 * either kind can only be the last segment (nothing could match after it), and a parameter name
 * appears once (a match could not hold two values under one name). Whitespace, ?, #, control
 * characters and brackets outside a whole-segment parameter are refused.
 */
export function routePathnameRules(emptySegments: boolean): string {
  return emptySegments
    ? 'a pathname that starts with / and does not end with /, whose non-empty segments are: plain text, a dynamic segment such as [slug], or, as the last segment, a catch-all such as [...path] or [[...path]]; each parameter name once; no whitespace, ?, #, or control characters'
    : 'a pathname that starts with / and whose segments are non-empty: plain text, a dynamic segment such as [slug], or, as the last segment, a catch-all such as [...path] or [[...path]]; each parameter name once; no whitespace, ?, #, control characters or //'
}

const NAME = '[A-Za-z_][A-Za-z0-9_-]*'
const DYNAMIC = new RegExp(`^\\[(${NAME})\\]$`)
const CATCH_ALL = new RegExp(`^(?:\\[\\.\\.\\.(${NAME})\\]|\\[\\[\\.\\.\\.(${NAME})\\]\\])$`)
const PLAIN = /^[^[\]]+$/
const FORBIDDEN = /[\s?#\u0000-\u001f\u007f]/

/** The parameter a segment declares, its name and whether it is a catch-all; undefined for plain text. */
function parameterOf(segment: string): { name: string; catchAll: boolean } | undefined {
  const dynamic = DYNAMIC.exec(segment)
  if (dynamic) return { name: dynamic[1]!, catchAll: false }
  const catchAll = CATCH_ALL.exec(segment)
  if (catchAll) return { name: (catchAll[1] ?? catchAll[2])!, catchAll: true }
  return undefined
}

/**
 * What is wrong with the pathname, worded to follow "pathname ...", or undefined when it follows
 * the rules; `emptySegments` takes an empty segment before the last one (`/a//b`).
 */
export function routePathnameProblem(pathname: string, emptySegments = false): string | undefined {
  if (!pathname.startsWith('/')) return 'does not start with /'
  if (FORBIDDEN.test(pathname)) return 'contains whitespace, ?, # or a control character'
  if (pathname === '/') return undefined
  const segments = pathname.slice(1).split('/')
  const names = new Set<string>()
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1
    if (segment === '' && !last && emptySegments) continue
    if (segment === '') return last ? 'ends with /' : 'has an empty segment (//)'
    const parameter = parameterOf(segment)
    if (!parameter) {
      if (!PLAIN.test(segment)) return `has a malformed segment ${JSON.stringify(segment)}`
      continue
    }
    if (parameter.catchAll && !last) return `has the catch-all ${segment} before its last segment`
    if (names.has(parameter.name)) return `uses the parameter name ${parameter.name} twice`
    names.add(parameter.name)
  }
  return undefined
}
