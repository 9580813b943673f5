import type { Choices } from '../contracts/choices.js'
import type { OperationResult, RegisteredOperation } from './types.js'

type PageBody = Record<string, unknown>

const showsPages = (operation: RegisteredOperation): boolean => {
  const shape = operation.success.shape
  return shape !== 'empty' && ('resource' in shape ? shape.resource : shape.list) === 'page.json'
}

/**
 * A page answer as a deployment with other choices shows it: without `locale` (pageLocale
 * absent), and with `updatedAt` null while the page is as it was created (updatedAtAtCreation
 * null: the mock's clock gives every write its own instant, so an updatedAt equal to createdAt
 * means no change yet). Other answers, and answers under sitemock's own choices, are left as
 * they are, kept texts included.
 */
export function answerAsChosen(operation: RegisteredOperation, result: OperationResult, choices: Required<Choices>): OperationResult {
  if (result.status >= 300 || !showsPages(operation)) return result
  if (choices.pageLocale === 'present' && choices.updatedAtAtCreation === 'createdAt') return result
  const body = (result.body ?? JSON.parse(result.payload ?? result.payloadParts!.join(''))) as PageBody & { data?: PageBody[] }
  for (const page of body.data ?? [body]) {
    if (choices.pageLocale === 'absent') delete page.locale
    if (choices.updatedAtAtCreation === 'null' && page.updatedAt === page.createdAt) page.updatedAt = null
  }
  return { status: result.status, body }
}
