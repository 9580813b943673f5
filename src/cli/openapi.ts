import { buildOpenApiDocument } from '../openapi/document.js'
import { parseFlags, reportUsageError, UsageError } from './args.js'

const HELP = `Usage: sitemock openapi [options]

Prints the OpenAPI 3.1 document of the mocked API (the one served at GET /openapi.json),
built from the route table and contracts/schemas: sitemock openapi > openapi.json

Options:
  --server URL   the server URL written into the document (default: http://127.0.0.1:4010)
  -h, --help     show this help
`

export async function runOpenApi(args: string[]): Promise<number> {
  try {
    const flags = parseFlags(args, { server: { type: 'string' }, help: { type: 'boolean', short: 'h' } })
    if (flags.help) {
      process.stdout.write(HELP)
      return 0
    }
    const serverUrl = flags.server ?? 'http://127.0.0.1:4010'
    if (!URL.canParse(serverUrl)) throw new UsageError(`--server must be an absolute URL such as http://localhost:4010; got "${serverUrl}"`)
    process.stdout.write(JSON.stringify(buildOpenApiDocument({ serverUrl }), null, 2) + '\n')
    return 0
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    return reportUsageError('openapi', error)
  }
}
