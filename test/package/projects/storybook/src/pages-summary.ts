/** What a site's list says of its length: "24 pages", "1 page". */
export function pagesSummary(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`
}
