import { ApiError } from '../api/errors.js'

/**
 * A part of the mock that few requests need (the dashboard's page, the API reference's page):
 * Node's entries hand it over at import, a page's entries as a dynamic import, so that it is a
 * chunk of its own, loaded by the route's prepare() before the first request that shows it.
 */
export class OnDemandPart<T> {
  private value: T | undefined
  private loader: (() => Promise<T>) | undefined
  private loading: Promise<void> | undefined
  private failure: string | undefined

  /** `name` says what it is, in the error of a request answered without it. */
  constructor(private readonly name: string) {}

  /** The part itself, there from the start (Node). */
  provide(value: T): void {
    this.value ??= value
  }

  /** For a page: how to import it when a request first needs it. */
  provideOnDemand(loader: () => Promise<T>): void {
    this.loader ??= loader
  }

  /** Whether the part is there: always in Node, in a page once loaded. */
  ready(): boolean {
    return this.value !== undefined
  }

  /** undefined when the part is there (always in Node); else its import, which never rejects (get() then says why). */
  load(): Promise<void> | undefined {
    if (this.value !== undefined || this.loader === undefined) return undefined
    this.loading ??= this.loader().then(
      (value) => {
        this.value = value
        this.failure = undefined
      },
      (error: unknown) => {
        // Asked for again by the next request: a failed chunk (offline, a stale deploy) may load then.
        this.loading = undefined
        this.failure = error instanceof Error ? error.message : String(error)
      },
    )
    return this.loading
  }

  /** The part; without it, a 500 in the envelope that says why (the request is answered, not dropped). */
  get(): T {
    if (this.value !== undefined) return this.value
    if (this.failure !== undefined) throw new ApiError(500, 'internal_error', `sitemock: ${this.name} could not be loaded: ${this.failure}.`)
    throw new ApiError(
      500,
      'internal_error',
      this.loader
        ? `sitemock: ${this.name} is imported on demand in a page: await mock.prepare(request) before mock.handle(request).`
        : `sitemock: ${this.name} was not provided: import sitemock, sitemock/msw, sitemock/handlers or sitemock/browser.`,
    )
  }
}

/** The preparations still under way, as one; undefined when none is. */
export function together(...preparing: (Promise<void> | undefined)[]): Promise<void> | undefined {
  const pending = preparing.filter((each): each is Promise<void> => each !== undefined)
  return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined)
}
