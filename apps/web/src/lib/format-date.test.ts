import { describe, expect, it } from 'vitest'
import { formatDateTime, formatTimeAgo } from './format-date.ts'

const now = new Date('2026-03-10T12:00:00Z')

describe('formatTimeAgo', () => {
  it.each([
    ['2026-03-10T11:59:30Z', '30 seconds ago'],
    ['2026-03-10T11:59:00Z', '1 minute ago'],
    ['2026-03-10T11:15:10Z', '44 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-09T11:00:00Z', '1 day ago'],
    ['2026-03-03T12:00:00Z', '7 days ago'],
    ['2026-01-01T12:00:00Z', '2 months ago'],
    ['2023-02-01T12:00:00.123456Z', '3 years ago'],
    ['2026-02-08T12:00:01Z', '29 days ago'],
    ['2026-02-08T12:00:00Z', '1 month ago'],
    ['2025-03-10T12:00:01Z', '12 months ago'],
    ['2025-03-10T12:00:00Z', '1 year ago'],
  ])('%s reads %s', (iso, expected) => {
    expect(formatTimeAgo(iso, now)).toBe(expected)
  })

  it('reads a time slightly ahead of the local clock as now', () => {
    expect(formatTimeAgo('2026-03-10T12:00:05Z', now)).toBe('0 seconds ago')
  })

  it('gives nothing for a value that is not a date', () => {
    expect(formatTimeAgo('not a date', now)).toBe('')
  })
})

describe('formatDateTime', () => {
  it('reads the local date and time in full', () => {
    const local = new Date(2021, 0, 8, 17, 2).toISOString()
    expect(formatDateTime(local).replace(/\s/g, ' ')).toBe('Jan 8, 2021, 5:02 PM')
  })

  it('gives nothing for a value that is not a date', () => {
    expect(formatDateTime('soon')).toBe('')
  })
})
