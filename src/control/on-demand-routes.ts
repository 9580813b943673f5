import type { ControlRoute, ControlTarget } from './control-types.js'
import { OnDemandPart } from './on-demand-part.js'

/** What the plane must know of a route before its handler is there: how it is matched, and whether it writes or is open. */
export type RouteSignature = Pick<ControlRoute, 'method' | 'path' | 'writes' | 'open'>

const keyOf = (route: RouteSignature): string => `${route.method} ${route.path} ${route.writes ?? ''} ${route.open ?? ''}`

/**
 * Control routes whose handlers few mocks ever run (the data browser, the journal's, the summary,
 * the state's export): the plane routes them by their signatures from the start, and their
 * handlers come as an OnDemandPart, imported by a page's mock with the first request to one of
 * them (its prepare()) and held from the start by Node's entries.
 */
export class OnDemandRoutes<G extends string, T = ControlTarget> {
  /** The routes to compose into the plane, by group (each in its place among the others): each hands its request to the loaded route of the same signature. */
  readonly routes: Readonly<Record<G, readonly ControlRoute<T>[]>>
  private readonly part: OnDemandPart<ReadonlyMap<string, ControlRoute<T>>>
  private readonly declared: ReadonlySet<string>

  constructor(name: string, groups: Readonly<Record<G, readonly RouteSignature[]>>) {
    this.part = new OnDemandPart(name)
    const entries = Object.entries(groups) as [G, readonly RouteSignature[]][]
    this.declared = new Set(entries.flatMap(([, signatures]) => signatures.map(keyOf)))
    this.routes = Object.fromEntries(entries.map(([group, signatures]) => [group, signatures.map((signature) => this.onDemand(signature))])) as Record<G, ControlRoute<T>[]>
  }

  /** The routes themselves, there from the start (Node). */
  provide(routes: readonly ControlRoute<T>[]): void {
    this.part.provide(this.byKey(routes))
  }

  /** For a page: how to import the routes when a request first needs one. */
  provideOnDemand(loader: () => Promise<readonly ControlRoute<T>[]>): void {
    this.part.provideOnDemand(async () => this.byKey(await loader()))
  }

  private onDemand(signature: RouteSignature): ControlRoute<T> {
    return {
      ...signature,
      prepare: () => this.part.load(),
      handle: (request, params, target) => this.part.get().get(keyOf(signature))!.handle(request, params, target),
    }
  }

  /** The routes by signature; throws when they are not exactly the declared ones (Node's entries then fail at import, in every test). */
  private byKey(routes: readonly ControlRoute<T>[]): ReadonlyMap<string, ControlRoute<T>> {
    const found = new Map(routes.map((route) => [keyOf(route), route]))
    const differing = [...found.keys()].filter((key) => !this.declared.has(key)).concat([...this.declared].filter((key) => !found.has(key)))
    if (differing.length > 0 || found.size !== routes.length) throw new Error(`on-demand control routes differ from their signatures: ${differing.join('; ') || 'a route is given twice'}`)
    const preparing = routes.find((route) => route.prepare !== undefined)
    if (preparing) throw new Error(`on-demand control route ${keyOf(preparing)} has a prepare() of its own, which its signature does not run`)
    return found
  }
}
