const DB_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|[+-]00(?::?00)?)?$/

/**
 * API.md §1.3: ISO-8601 in UTC with a `Z`, microseconds only when non-zero
 * (`2021-01-08T17:02:11.123456Z`, `2021-01-08T17:02:11Z`). Database timestamps arrive as text
 * in UTC so their microseconds are kept.
 */
export function isoDate(value: Date | string): string
export function isoDate(value: Date | string | null | undefined): string | null
export function isoDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return isoDate(value.toISOString())
  const match = DB_TIMESTAMP.exec(value.trim())
  if (!match) return isoDate(new Date(value).toISOString())
  const [, date, time, fraction] = match
  const micros = (fraction ?? '').padEnd(6, '0')
  return micros === '000000' ? `${date}T${time}Z` : `${date}T${time}.${micros}Z`
}
