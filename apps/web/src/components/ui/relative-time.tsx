import { formatDateTime, formatTimeAgo } from '../../lib/format-date.ts'

/** 'N unit ago' for an ISO timestamp, with the full date as tooltip and machine-readable value. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} title={formatDateTime(date)} className={className}>
      {formatTimeAgo(date)}
    </time>
  )
}
