import { Collection, Query } from '@msw/data'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { RecordWrites } from './record-writes.js'

type Schema<T, Input> = StandardSchemaV1<Input, T>
type Stored<T, Input> = ReturnType<Collection<Schema<T, Input>>['all']>[number]
type Predicate<T, Input> = Parameters<Collection<Schema<T, Input>>['findMany']>[0]
type ManyOptions<T, Input> = Parameters<Collection<Schema<T, Input>>['findMany']>[1]
type UpdateData<T, Input> = Parameters<Collection<Schema<T, Input>>['update']>[1]['data']

/** Keeps a collection's records the same as the store's: `refresh` reads the store again when it may have changed. */
export interface LiveSource {
  refresh(): void
  /** Resolves once every write so far is saved (a state file); what an HTTP answer waits for. */
  settled(): Promise<void> | undefined
}

/**
 * An @msw/data collection that mirrors one kind of record of the store. Queries run on
 * @msw/data as usual, after the records were read again if the state may have changed; writes
 * run the API's operations (see RecordWrites) and then read the state, so a refused write
 * throws the API's error and changes nothing. Records are copies: edit them with update().
 */
export class LiveCollection<T extends { id: string }, Input> extends Collection<Schema<T, Input>> {
  constructor(
    schema: Schema<T, Input>,
    private readonly source: LiveSource,
    private readonly writes: RecordWrites<T, Input>,
  ) {
    super({ schema })
  }

  /** Replaces every record with the store's (called by the source when it refreshes). */
  replaceRecords(records: Iterable<T>): void {
    const held = super.all()
    held.length = 0
    for (const record of records) held.push(record as Stored<T, Input>)
  }

  override all(): Array<Stored<T, Input>> {
    this.source.refresh()
    return super.all()
  }

  override count(): number {
    this.source.refresh()
    return super.count()
  }

  override findMany(predicate?: Predicate<T, Input>, options?: ManyOptions<T, Input>): Array<Stored<T, Input>> {
    // @msw/data finds a cursor by a key of its own, which these copies of the store's records do not carry.
    if (options?.cursor !== undefined) throw new Error('mock.db collections take no cursor; page with skip and take, or query by id.')
    this.source.refresh()
    return super.findMany(predicate, options)
  }

  override findFirst<Strict extends boolean>(
    predicate?: Predicate<T, Input>,
    options?: { strict?: Strict },
  ): Strict extends true ? Stored<T, Input> : Stored<T, Input> | undefined {
    this.source.refresh()
    return super.findFirst(predicate, options)
  }

  override async create(values: Input): Promise<Stored<T, Input>> {
    const id = this.writes.create(values)
    await this.source.settled()
    return this.byId(id)!
  }

  override async update<Strict extends boolean>(
    predicate: Predicate<T, Input> | Stored<T, Input>,
    options: { data: UpdateData<T, Input>; strict?: Strict },
  ): Promise<Strict extends true ? Stored<T, Input> : Stored<T, Input> | undefined> {
    const previous = this.target(predicate, options.strict, 'update')
    if (!previous) return undefined as Strict extends true ? never : undefined
    const draft = structuredClone(previous)
    await options.data(draft as Parameters<UpdateData<T, Input>>[0])
    this.writes.update(previous, draft)
    await this.source.settled()
    return this.byId(previous.id)!
  }

  override async updateMany(predicate: NonNullable<Predicate<T, Input>>, options: { data: UpdateData<T, Input>; strict?: boolean }): Promise<Array<Stored<T, Input>>> {
    const updated: Array<Stored<T, Input>> = []
    for (const record of this.matching(predicate, options.strict, 'updateMany')) updated.push((await this.update(record, { data: options.data, strict: true }))!)
    return updated
  }

  override delete<Strict extends boolean>(
    predicate: Predicate<T, Input> | Stored<T, Input>,
    options?: { strict?: Strict },
  ): Strict extends true ? Stored<T, Input> : Stored<T, Input> | undefined {
    const record = this.target(predicate, options?.strict, 'delete')
    if (record) this.writes.remove(record)
    return record as Strict extends true ? Stored<T, Input> : Stored<T, Input> | undefined
  }

  override deleteMany(predicate: NonNullable<Predicate<T, Input>>, options?: { strict?: boolean }): Array<Stored<T, Input>> {
    const records = this.matching(predicate, options?.strict, 'deleteMany')
    for (const record of records) this.writes.remove(record)
    return records
  }

  /** Deletes every record, one API call each (a site's cascade takes its locales, pages and routes with it). */
  override clear(): void {
    for (const record of [...this.all()]) this.writes.remove(record)
  }

  override defineRelations(): never {
    throw new Error('mock.db collections mirror the store and take no relations; records hold their ids (siteId, workspaceId): query the other collection by id.')
  }

  private byId(id: string): Stored<T, Input> | undefined {
    return this.findFirst((q) => q.where((record) => record.id === id))
  }

  /** The record a write names: a query, or a record (by its id); undefined when none matches, unless `strict`. */
  private target(predicate: Predicate<T, Input> | Stored<T, Input>, strict: boolean | undefined, method: string): Stored<T, Input> | undefined {
    const found = isQueryLike(predicate) ? this.findFirst(predicate) : this.byId((predicate as T).id)
    if (!found && strict) throw new Error(`Failed to execute "${method}" on collection: no record found matching the query`)
    return found
  }

  private matching(predicate: NonNullable<Predicate<T, Input>>, strict: boolean | undefined, method: string): Array<Stored<T, Input>> {
    const records = this.findMany(predicate)
    if (records.length === 0 && strict) throw new Error(`Failed to execute "${method}" on collection: no records found matching the query`)
    return records
  }
}

function isQueryLike(predicate: unknown): predicate is Predicate<{ id: string }, unknown> {
  return predicate === undefined || typeof predicate === 'function' || predicate instanceof Query
}
