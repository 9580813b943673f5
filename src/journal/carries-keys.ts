import type { RegisteredOperation } from '../api/types.js'
import { schemaFile } from '../openapi/schema-components.js'

const known = new Map<RegisteredOperation, boolean>()
// The last operation asked about, answered without the map: the journal asks on every request,
// and a client mostly repeats one operation.
let lastOperation: RegisteredOperation | undefined
let lastAnswer = true

/**
 * Whether the operation's request or success body may hold an API key (a field such as
 * publicApiKey in its schema), so that only those bodies are scanned for keys to redact.
 * Unknown routes may hold anything.
 */
export function carriesKeys(operation: RegisteredOperation | undefined): boolean {
  if (operation !== lastOperation) {
    lastOperation = operation
    lastAnswer = judged(operation)
  }
  return lastAnswer
}

function judged(operation: RegisteredOperation | undefined): boolean {
  if (operation === undefined) return true
  let answer = known.get(operation)
  if (answer === undefined) {
    const shape = operation.success.shape
    const files = [operation.body, shape === 'empty' ? undefined : 'resource' in shape ? shape.resource : shape.list]
    answer = files.some((file) => file !== undefined && /ApiKey"\s*:/.test(JSON.stringify(schemaFile(file))))
    known.set(operation, answer)
  }
  return answer
}
