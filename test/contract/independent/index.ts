/** The independent implementation of the API, started in process for the contract suite. */
export { startIndependent, type Handle, type Independent } from './server.js'
