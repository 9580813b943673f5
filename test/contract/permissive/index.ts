/** The permissive implementation of the API, started in process for the contract suite: see CHOICES.md. */
export { startPermissive, type Permissive, type Handle } from './server.js'
export { ALTERNATIVES, IMPLEMENTED_CLASSES, LIMITS, LIST_CLASSES, LISTS, type Choices, type EnumClass, type LimitClass, type ListPath } from './choices.js'
