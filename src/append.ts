/**
 * Adds the items to the end of `list`. A loop, not list.push(...items): a spread passes each
 * item as an argument, and past about 100,000 of them (a long file, a large page of a
 * deployment's answer) the call overflows the stack.
 */
export function appendAll<T>(list: T[], items: Iterable<T>): T[] {
  for (const item of items) list.push(item)
  return list
}
