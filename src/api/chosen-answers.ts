import type { Choices } from '../freedom/catalogue.js'
import type { OperationResult, RegisteredOperation } from './types.js'

type Body = Record<string, unknown>

const shownResource = (operation: RegisteredOperation): string | undefined => {
  const shape = operation.success.shape
  return shape === 'empty' ? undefined : 'resource' in shape ? shape.resource : shape.list
}

const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const

/** An instant cut to its second, as a clock of seconds gives it (2026-11-24T05:12:07.000Z). */
const toSecond = (instant: unknown): unknown => (typeof instant === 'string' && instant.length === 24 ? `${instant.slice(0, 19)}.000Z` : instant)

/** Whether the choices change anything of a page answer. */
const pagesAsSitemock = (choices: Required<Choices>): boolean =>
  choices.pageLocale === 'present' && choices.updatedAtAtCreation === 'createdAt' && choices.clockPrecision === 'millisecond'

/**
 * An answer as a deployment with other choices shows it. A page: without `locale` (pageLocale
 * absent), with `updatedAt` null while the page is as it was created (updatedAtAtCreation null:
 * the mock's clock gives every write its own instant, so an updatedAt equal to createdAt means
 * no change yet), and with its timestamps cut to the second (clockPrecision second: the store
 * keeps milliseconds, so orders and "has it changed" stay exact). A site: without
 * `defaultLocalePathPrefix` (sitePathPrefixFields absent). Other answers, and answers under
 * sitemock's own choices, are left as they are, kept texts included.
 */
export function answerAsChosen(operation: RegisteredOperation, result: OperationResult, choices: Required<Choices>): OperationResult {
  if (result.status >= 300) return result
  const resource = shownResource(operation)
  if (resource === 'site.json' && choices.sitePathPrefixFields === 'absent') {
    const body = result.body as Body & { data?: Body[] }
    for (const site of body.data ?? [body]) delete site.defaultLocalePathPrefix
    return result
  }
  if (resource !== 'page.json' || pagesAsSitemock(choices)) return result
  const body = (result.body ?? JSON.parse(result.payload ?? result.payloadParts!.join(''))) as Body & { data?: Body[] }
  for (const page of body.data ?? [body]) {
    if (choices.pageLocale === 'absent') delete page.locale
    if (choices.updatedAtAtCreation === 'null' && page.updatedAt === page.createdAt) page.updatedAt = null
    if (choices.clockPrecision === 'second') for (const field of TIMESTAMPS) page[field] = toSecond(page[field])
  }
  return { status: result.status, body }
}
