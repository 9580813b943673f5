import type { RegisteredOperation } from './types.js'

export const localeOperations: RegisteredOperation[] = []
