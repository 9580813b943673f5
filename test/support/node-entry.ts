// Tests import the core's modules directly, not through the sitemock entry: they get what that
// entry gives a Node process, faker loaded when a scenario is first generated and every
// operation's validators from the start.
import '../../src/scenarios/faker-node.js'
import '../../src/eager-parts.js'
