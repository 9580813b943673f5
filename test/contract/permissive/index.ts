/** The permissive implementation of the API, started in process for the contract suite: see CHOICES.md. */
export { startPermissive, type Permissive, type Handle } from './server.js'
