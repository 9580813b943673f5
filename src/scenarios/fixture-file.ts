import fs from 'node:fs'
import { readLines } from '../persist/read-lines.js'
import { noSuchFile, openTrustedSync, UntrustedFileError } from '../persist/safe-file.js'
import { FixtureError } from './fixture-error.js'

/**
 * The parsed JSON of a fixture file; a missing or malformed file is a FixtureError naming it.
 * A file in formatFixture's layout (generated, exported) is parsed record by record, so a
 * large one never sits in memory as one string beside its parsed form. Its keys are served:
 * a file another user owns or may write to is refused (UntrustedFileError's words).
 */
export function readFixtureFile(path: string): unknown {
  let fd: number | undefined
  try {
    fd = openTrustedSync(path, 'fixture file', { followSymlink: true })
    if (fd === undefined) throw noSuchFile(path)
    // parseByRecord reads at positions: the whole-file parse still starts at the first byte.
    return parseByRecord(fd) ?? (JSON.parse(fs.readFileSync(fd, 'utf8')) as unknown)
  } catch (error) {
    const problem = error instanceof SyntaxError ? `is not valid JSON: ${error.message}` : error instanceof UntrustedFileError ? error.message : `cannot be read: ${(error as Error).message}`
    throw new FixtureError([{ path: '(file)', message: problem }], path)
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

const ARRAY_START = /^ {2}("(?:[^"\\]|\\.)*"): \[$/
const FIELD = /^ {2}("(?:[^"\\]|\\.)*"): (.*?),?$/

/** The document when the file is laid out as formatFixture writes it; undefined for any other layout. */
function parseByRecord(fd: number): unknown {
  const document: Record<string, unknown> = {}
  // A line that is not JSON sends the file to the whole-file parse, whose error has a position.
  let broken = false
  const parseOrUndefined = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      broken = true
      return undefined
    }
  }
  let records: unknown[] | undefined
  let state = 'start' as 'start' | 'fields' | 'end' | 'other'
  readLines(fd, (buffer) => {
    const line = buffer.toString('utf8').replace(/\r$/, '')
    let match: RegExpExecArray | null
    if (state === 'start' && line === '{') state = 'fields'
    else if (state === 'end' && line.trim() === '') return
    else if (state !== 'fields') state = 'other'
    else if (records && line.startsWith('    ')) records.push(parseOrUndefined(line.endsWith(',') ? line.slice(4, -1) : line.slice(4)))
    else if (records && (line === '  ]' || line === '  ],')) records = undefined
    else if (records) state = 'other'
    else if ((match = ARRAY_START.exec(line))) document[JSON.parse(match[1]!) as string] = records = []
    else if ((match = FIELD.exec(line))) document[JSON.parse(match[1]!) as string] = parseOrUndefined(match[2]!)
    else if (line === '}') state = 'end'
    else state = 'other'
    return state !== 'other' && !broken
  })
  return state === 'end' && !broken ? document : undefined
}
