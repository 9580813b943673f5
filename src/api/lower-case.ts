/**
 * The value in lower case, and the very same string when it has nothing to change (ids, header
 * names and keys as clients send them). Every request passes here several times: a scan of
 * character codes stays in compiled code, where toLowerCase() calls into the runtime.
 */
export function lowerCase(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if ((code >= 65 && code <= 90) || code > 127) return value.toLowerCase()
  }
  return value
}
