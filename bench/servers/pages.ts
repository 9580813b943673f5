// A sitemock server over a generated site of N pages, for test-loop.ts's lists by N: one
// process per size, as a user's server holds one state. Prints its URL and what the lists
// address (an App key, the site, the middle page of the list with offline pages) on one line.
import '../../src/index.js'
import { createMock } from '../../src/mock.js'
import { generateFixture } from '../../src/scenarios/generate.js'
import { LARGE } from '../../src/scenarios/index.js'
import { listen } from '../../src/transports/node-server.js'

const pages = Number(process.argv[2] ?? 100)
const mock = createMock({ state: generateFixture({ ...LARGE, pages, seed: 1 }), rateLimit: false, journalSize: 0 })
const { workspaces, sites } = mock.credentials()
const siteId = sites[0]!.id
const index = mock.store.pages.ofSite(siteId)
const target = { key: workspaces[0]!.appApiKey, siteId, cursor: index.at(Math.floor(index.size / 2))!.id }
const running = await listen(mock)
console.log(`listening on ${running.url} ${Buffer.from(JSON.stringify(target)).toString('base64url')}`)
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)))
