import { format, formatDistanceStrict, parseISO } from 'date-fns'

/**
 * Relative times read 'N unit ago' (SPEC §9): '3 days ago', '1 minute ago'. Strict units, so the
 * number is never hedged ('about', 'almost'); a time slightly in the future (clock skew) reads
 * as now.
 */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const date = parseISO(iso)
  if (Number.isNaN(date.getTime())) return ''
  const past = date.getTime() > now.getTime() ? now : date
  return `${formatDistanceStrict(past, now, { roundingMethod: 'floor' })} ago`
}

/** The full local date and time, for tooltips and detail lines: 'Jan 8, 2021, 5:02 PM'. */
export function formatDateTime(iso: string): string {
  const date = parseISO(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, 'PPp')
}

/** The date alone: 'Jan 8, 2021'. */
export function formatDate(iso: string): string {
  const date = parseISO(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, 'PP')
}
