/**
 * A server outlives whoever reads its output: `sitemock serve | head -1`, or a harness that
 * reads the first line and closes the pipe. Writing to a closed pipe fails with EPIPE, emitted
 * as an 'error' event that would end the process; here it only stops the output, and the
 * server goes on answering.
 */
export function keepServingWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => {
      // Nothing to report it on: the stream that failed is the one reports would go to.
    })
  }
}
