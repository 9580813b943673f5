// sitemock/data: the state as @msw/data collections. An entry of its own because @msw/data's
// types resolve only under node16, nodenext or bundler resolution and need the DOM lib, which a
// user of the main entry need not have.
export { recordSchemas, toCollections, type StateCollections } from './store/collections.js'
