import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageVersion } from '../cli/version.js'
import { packDocument, unpackDocument } from './cache-document.js'
import { DEFAULT_SCENARIO_MODULE } from './default.js'
import { GENERATOR_MODULE } from './generate.js'
import { fingerprint } from '../transports/browser-session.js'
import { provideScenarioCache, type GeneratedInputs } from './scenario-cache.js'

/**
 * The scenario cache on disk: one file per generated scenario, seed and set of inputs, under
 * SITEMOCK_CACHE_DIR, else node_modules/.cache/sitemock in the working directory (where such
 * caches live), else the system's temporary directory. SITEMOCK_SCENARIO_CACHE=off turns it off.
 *
 * A file's first line names everything its document depends on: the way it is written
 * (packDocument), sitemock's and faker's versions, the generator's own code (its modules' size
 * and time), the scenario, the seed and the generator's options, and the length of the
 * document that follows. A file whose line differs from the one expected, or whose document
 * does not parse, is ignored and written again: a stale or damaged file is never used, and two
 * inputs never share a file. Writing a scenario and seed's file removes that scenario and
 * seed's files of other inputs. A file is written to a name of its own and renamed into
 * place, so a reader never sees half of one.
 */
provideScenarioCache({
  read(inputs) {
    try {
      const file = cacheFile(inputs)
      if (file === undefined) return undefined
      // Written in ASCII alone (see write): read byte for byte, without decoding UTF-8, which
      // takes as long as parsing the document.
      const text = fs.readFileSync(file.path, 'latin1')
      const newline = text.indexOf('\n')
      if (text.slice(0, newline) !== file.header(text.length - newline - 1)) return undefined
      return unpackDocument(text.slice(newline + 1))
    } catch {
      return undefined
    }
  },
  write(inputs, document) {
    let temporary: string | undefined
    try {
      const file = cacheFile(inputs)
      if (file === undefined) return
      temporary = `${file.path}.${process.pid}.${Date.now().toString(36)}.tmp`
      const body = packDocument(document).replace(NOT_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      fs.mkdirSync(path.dirname(file.path), { recursive: true })
      fs.writeFileSync(temporary, `${file.header(body.length)}\n${body}`)
      fs.renameSync(temporary, file.path)
      // Files of this scenario and seed made for other inputs (an older version) are stale for good.
      const prefix = `${inputs.scenario}-${inputs.seed}-`
      for (const name of fs.readdirSync(path.dirname(file.path))) {
        if (name.startsWith(prefix) && name.endsWith('.json') && name !== path.basename(file.path)) fs.rmSync(path.join(path.dirname(file.path), name), { force: true })
      }
    } catch {
      // A cache that cannot be written costs a generation next time, nothing more.
      if (temporary !== undefined) fs.rmSync(temporary, { force: true })
    }
  },
})

/**
 * How the document is written (cache-document.ts): a file written another way, such as the
 * plain JSON of files whose line names no format, is another file.
 */
const FORMAT = 3

/** Characters beyond ASCII, written as JSON escapes; a pair of surrogates becomes two escapes. */
const NOT_ASCII = /[\u0080-\uffff]/g

function cacheFile(inputs: GeneratedInputs): { path: string; header: (length: number) => string } | undefined {
  if (process.env.SITEMOCK_SCENARIO_CACHE === 'off') return undefined
  const key = JSON.stringify({ format: FORMAT, sitemock: versions().sitemock, faker: versions().faker, code: versions().code, ...inputs })
  // The name tells inputs apart; the first line, compared whole, decides whether a file is theirs.
  const name = `${inputs.scenario}-${inputs.seed}-${fingerprint(key).replace(':', '-')}.json`
  return { path: path.join(cacheDirectory(), name), header: (length) => JSON.stringify({ key, length }) }
}

function cacheDirectory(): string {
  if (process.env.SITEMOCK_CACHE_DIR) return process.env.SITEMOCK_CACHE_DIR
  const modules = path.join(process.cwd(), 'node_modules')
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'sitemock') : path.join(os.tmpdir(), 'sitemock-cache')
}

let known: { sitemock: string; faker: string; code: string } | undefined

/** Read once per process: none of them changes while it runs. */
function versions(): { sitemock: string; faker: string; code: string } {
  if (known) return known
  const faker = createRequire(import.meta.url)('@faker-js/faker/package.json') as { version: string }
  const code = [GENERATOR_MODULE, DEFAULT_SCENARIO_MODULE].map((url) => {
    const stat = fs.statSync(fileURLToPath(url))
    return `${stat.size}@${stat.mtimeMs}`
  })
  return (known = { sitemock: packageVersion(), faker: faker.version, code: code.join(' ') })
}
