/** URL-safe identifier of a card or release name (API.md §6.9). */
export function stubify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '')
}
