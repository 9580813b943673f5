import fs from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'

/**
 * Writes the text to a temporary file next to `file`, then renames it into place: a reader
 * (or sitemock serve --watch) never sees half a file, and a failed write leaves nothing
 * behind, not even the temporary file. Missing folders on the way are made.
 */
export async function writeAtomically(file: string, text: Iterable<string>): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  try {
    const handle = await fs.promises.open(temporary, 'w')
    try {
      // Each writeFile on an open handle goes on from where the one before stopped.
      for (const batch of batches(text)) await handle.writeFile(batch)
    } finally {
      await handle.close()
    }
    await fs.promises.rename(temporary, file)
  } catch (error) {
    await fs.promises.rm(temporary, { force: true })
    throw error
  }
}

/** Writes the pieces in batches, each once the stream has taken the one before. */
export async function writeAll(stream: Writable, text: Iterable<string>): Promise<void> {
  for (const batch of batches(text)) {
    await new Promise<void>((resolve, reject) => stream.write(batch, (error) => (error ? reject(error) : resolve())))
  }
}

/** The pieces joined into strings of about a megabyte: fewer writes than pieces, and never one string too long. */
function* batches(text: Iterable<string>): Generator<string> {
  let batch = ''
  for (const piece of text) {
    batch += piece
    if (batch.length >= 1 << 20) {
      yield batch
      batch = ''
    }
  }
  if (batch !== '') yield batch
}
