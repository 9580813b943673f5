import type { RegisteredOperation } from './types.js'

export const pageOperations: RegisteredOperation[] = []
