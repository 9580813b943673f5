// The package's Node entry: the core, the node:http server and the fixture tools. It loads
// neither msw, express nor @msw/data: those are the sitemock/msw, sitemock/express and
// sitemock/data entries, so this one's types need nothing but Node's.
import './scenarios/faker-node.js'
import './eager-parts.js'
import './scenarios/scenario-cache-node.js'
export { createMock, type Mock, type MockOptions, type ResetOptions } from './mock.js'
export { listen, createNodeServer, type NodeServerOptions, type RunningServer } from './transports/node-server.js'
export { expectRequest, findRequests, type RequestExpectation } from './journal/expect-request.js'
export { exportState, FixtureError, loadFixture, validateFixture, type Fixture, type FixtureProblem } from './scenarios/fixture.js'
export { generateFixture, type GenerateOptions } from './scenarios/generate.js'
export { SCENARIOS, type ScenarioName } from './scenarios/index.js'
export type { ApiRequest, ApiResponse, MockRequest } from './api/types.js'
// The API's resources, lists, errors and request bodies, for the code under test.
export * from './api-types.js'
export type { OverrideSet } from './overrides/override-set.js'
// The free choices (contracts/schemas/choices.json): createMock's `rules` and `choices`.
export { choiceCatalogue } from './freedom/catalogue-words.js'
export type { Choice, ChoiceId, Choices, ChoicesByList, ChoicesFile, ListChoices, Rules } from './freedom/catalogue.js'
export type { DataList, DataRecord, Override, OverrideList, OverrideMatcher, OverrideRequest, OverrideResponse } from './generated/types.js'
