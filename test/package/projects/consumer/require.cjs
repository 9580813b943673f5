// A CommonJS caller: require() of the ESM package (Node 20.19 and later load it synchronously).
const { createMock } = require('sitemock')
const mock = createMock({ scenario: 'empty' })
console.log(JSON.stringify({ workspaces: mock.credentials().workspaces.length }))
