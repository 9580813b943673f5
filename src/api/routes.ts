import type { RegisteredOperation } from './types.js'

export const routeOperations: RegisteredOperation[] = []
