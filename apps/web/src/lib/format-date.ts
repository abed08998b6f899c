/**
 * Dates as players read them, with the browser's own Intl formatters (no date library on the
 * pages that show a time: deck pages, deck lists, comments).
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Strict units: a month is 30 days, a year 365. */
const MONTH = 30 * DAY
const YEAR = 365 * DAY

type Unit = [limit: number, size: number, unit: Intl.RelativeTimeFormatUnit]
const YEARS: Unit = [Number.POSITIVE_INFINITY, YEAR, 'year']
const UNITS: Unit[] = [
  [MINUTE, SECOND, 'second'],
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [MONTH, DAY, 'day'],
  [YEAR, MONTH, 'month'],
  YEARS,
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function parse(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * Relative times read 'N unit ago' (SPEC §9): '3 days ago', '1 minute ago'. Whole units rounded
 * down, so the number is never hedged ('about', 'almost'); a time slightly in the future (clock
 * skew) reads as now.
 */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const date = parse(iso)
  if (!date) return ''
  const elapsed = Math.max(0, now.getTime() - date.getTime())
  const [, size, unit] = UNITS.find(([limit]) => elapsed < limit) ?? YEARS
  // Negative zero reads '0 seconds ago' rather than 'in 0 seconds'.
  return relative.format(-Math.floor(elapsed / size), unit)
}

/** The full local date and time, for tooltips: 'Jan 8, 2021, 5:02 PM'. */
export function formatDateTime(iso: string): string {
  const date = parse(iso)
  return date ? dateTime.format(date) : ''
}
