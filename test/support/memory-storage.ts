/** Web Storage in memory, with an optional quota in characters, as a browser enforces one. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>()
  constructor(private readonly quota = Infinity) {}
  get length(): number {
    return this.items.size
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    const used = [...this.items].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0)
    if (used + key.length + value.length > this.quota) throw new DOMException('full', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
  clear(): void {
    this.items.clear()
  }
}
