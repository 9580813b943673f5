import { fixtureText } from '../scenarios/format-fixture.js'
import { generateFixture, LOCALE_CODES } from '../scenarios/generate.js'
import { DEFAULT_SEED } from '../scenarios/index.js'
import { integerFlag, parseFlags, reportUsageError, UsageError } from './args.js'
import { createFolderFor } from './output-folder.js'
import { writeFileSafely } from '../persist/safe-file.js'
import { writeAll } from './write-text.js'

const HELP = `Usage: sitemock generate [options]

Writes a fixture document (contracts/schemas/fixture.json) made with faker from a seed: one
workspace and its sites, each with its locales, pages (with a localization per extra locale,
about half published, a tenth offline) and routes. The same options always write the same bytes.
Serve it with: sitemock serve --scenario FILE

Options:
  --sites N       sites in the workspace (default: 1)
  --pages N       pages per site (default: 20)
  --locales N     locales per site, en-US (the default) first, then alternately
                  prefix- and domain-based (default: 2; at most ${LOCALE_CODES.length})
  --routes N      routes per site, /blog/[slug] and /docs/[...path] first (default: 3)
  --seed S        seed of the content and ids (default: ${DEFAULT_SEED})
  --output FILE   write to FILE instead of stdout
  -h, --help      show this help
`

export async function runGenerate(args: string[]): Promise<number> {
  try {
    const flags = parseFlags(args, {
      sites: { type: 'string' },
      pages: { type: 'string' },
      locales: { type: 'string' },
      routes: { type: 'string' },
      seed: { type: 'string' },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    })
    if (flags.help) {
      process.stdout.write(HELP)
      return 0
    }
    if (flags.output !== undefined) createFolderFor('--output', flags.output)
    const options = {
      sites: integerFlag('sites', flags.sites, 1, 1000) ?? 1,
      pages: integerFlag('pages', flags.pages, 0, 1_000_000) ?? 20,
      locales: integerFlag('locales', flags.locales, 1, LOCALE_CODES.length) ?? 2,
      routes: integerFlag('routes', flags.routes, 0, 100_000) ?? 3,
      seed: integerFlag('seed', flags.seed, 0, 4294967295) ?? DEFAULT_SEED,
    }
    const text = fixtureText(generateFixture(options))
    if (flags.output === undefined) {
      await writeAll(process.stdout, text)
      return 0
    }
    await writeFileSafely(flags.output, text)
    // --pages, --locales and --routes count per site: the line says so, with the totals.
    const { sites, pages, locales, routes } = options
    process.stderr.write(
      `sitemock generate: wrote ${flags.output}: ${sites} site(s), each with ${pages} page(s), ${locales} locale(s) and ${routes} route(s) (${sites * pages} pages in all)\n`,
    )
    return 0
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError('generate', error)
    throw error
  }
}
