import zlib from 'node:zlib'
import { bodyJson } from '../api/kept-text.js'
import type { ApiResponse } from '../api/types.js'
import { exportChunks, FIXTURE_VERSION } from '../scenarios/export-state.js'
import type { Store } from '../store/store.js'
import type { ReplayableWrite, StateChange } from './changes.js'

/**
 * The state file: a header line, then records, one per line, each `<crc32 hex> <json>`.
 * First a snapshot (begin, the fixture's collections in slices, end), then the journal: one
 * record per write since that snapshot. A record whose checksum fails is never trusted.
 */
export const HEADER = 'sitemock-state 1'

/** A journaled write: what replays it, and what it answered, to check the replay. */
export interface JournaledWrite extends ReplayableWrite {
  status: number
  /** crc32 of the response body's JSON. */
  digest: string
}

const hex = (crc: number): string => crc.toString(16).padStart(8, '0')

export function encodeRecord(value: unknown): string {
  const json = JSON.stringify(value)
  return `${hex(zlib.crc32(json))} ${json}\n`
}

/** The record's value, or undefined when the line is not a record with a matching checksum. */
export function decodeRecord(line: Buffer): unknown {
  if (line.length < 10 || line[8] !== 0x20) return undefined
  const json = line.subarray(9)
  if (line.toString('latin1', 0, 8) !== hex(zlib.crc32(json))) return undefined
  try {
    return JSON.parse(json.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}

/** The records of a snapshot of the store, made lazily; consume them without yielding to other requests. */
export function* snapshotRecords(store: Store): Generator<string> {
  yield encodeRecord({ snapshot: 'begin', version: FIXTURE_VERSION, randomState: store.random.state() })
  for (const chunk of exportChunks(store)) yield encodeRecord({ snapshot: chunk.collection, items: chunk.items })
  yield encodeRecord({ snapshot: 'end' })
}

/** Headers a replay needs: the key that authorized the write and the body's type. */
const REPLAYED_HEADERS = ['content-type', 'x-api-key', 'authorization']

export function encodeWrite(change: Extract<StateChange, { kind: 'write' }>): string {
  const { request, at, randomState } = change.write
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) {
    const value = request.headers[name]
    if (value !== undefined) headers[name] = value
  }
  return encodeRecord({
    write: { method: request.method, path: request.path, query: request.query, headers, body: request.body ?? null, at, randomState, status: change.response.status, digest: digestOf(change.response) },
  })
}

export function digestOf(response: ApiResponse): string {
  return hex(zlib.crc32(bodyJson(response)))
}

/** A journal record as a JournaledWrite, or undefined when it is not one. */
export function asWrite(record: unknown): JournaledWrite | undefined {
  const write = (record as { write?: Record<string, unknown> } | null)?.write
  if (typeof write !== 'object' || write === null) return undefined
  const { method, path, query, headers, body, at, randomState, status, digest } = write
  const valid =
    typeof method === 'string' && typeof path === 'string' && typeof query === 'string' && typeof at === 'string' &&
    typeof randomState === 'number' && typeof status === 'number' && typeof digest === 'string' &&
    (typeof body === 'string' || body === null) && typeof headers === 'object' && headers !== null &&
    Object.values(headers).every((v) => typeof v === 'string')
  if (!valid) return undefined
  return { request: { method, path, query, headers: headers as Record<string, string>, body: body ?? undefined }, at, randomState, status, digest }
}
