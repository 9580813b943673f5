import type { Writable } from 'node:stream'
import { textBatches } from '../persist/safe-file.js'

/** Writes the pieces in batches, each once the stream has taken the one before. */
export async function writeAll(stream: Writable, text: Iterable<string>): Promise<void> {
  for (const batch of textBatches(text)) {
    await new Promise<void>((resolve, reject) => stream.write(batch, (error) => (error ? reject(error) : resolve())))
  }
}
