// Must not compile: proves the checks above can fail (a field the schema does not have).
import type { CreatePageBody } from 'sitemock/handlers'

export const create: CreatePageBody = { siteId: 'x', pathname: '/about', name: 'About', colour: 'red' }
