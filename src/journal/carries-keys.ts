import type { RegisteredOperation } from '../api/types.js'
import { keyCarryingFiles } from '../generated/key-carrying.js'

/**
 * Whether the operation's request or success body may hold an API key (a field such as
 * publicApiKey in its schema), so that only those bodies are scanned for keys to redact.
 * Unknown routes may hold anything. The schema files that may are named at generation
 * (src/generated/key-carrying.ts): a page's start need not hold every schema to know it.
 */
export function carriesKeys(operation: RegisteredOperation | undefined): boolean {
  if (operation === undefined) return true
  const shape = operation.success.shape
  const success = shape === 'empty' ? undefined : 'resource' in shape ? shape.resource : shape.list
  return mayHoldKeys(operation.body) || mayHoldKeys(success)
}

const mayHoldKeys = (file: string | undefined): boolean => file !== undefined && keyCarryingFiles.has(file)
