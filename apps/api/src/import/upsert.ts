export const edition = (isLegacy: boolean) => (isLegacy ? 'Legacy' : 'Reborn')

/** Lookup key of anything identified by stub and edition. */
export const editionKey = (stub: string, isLegacy: boolean) => `${isLegacy ? 'L' : 'R'}:${stub}`

/**
 * Rows in groups that set the same columns: a record without a key the source cannot know (a
 * release's designer, a card's artist: not on the `/v2` wire) leaves that column as it is.
 */
export function byKnown<T>(rows: T[], knows: (row: T) => boolean): [T[], boolean][] {
  const known = rows.filter(knows)
  const unknown = rows.filter((row) => !knows(row))
  return [
    [known, true],
    [unknown, false],
  ]
}
