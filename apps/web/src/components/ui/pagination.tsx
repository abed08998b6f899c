import { Link } from 'react-router'
import { buttonClass } from './button.tsx'
import styles from './pagination.module.css'

export type PaginationProps = {
  /** 1-based. */
  page: number
  pageCount: number
  /** Button mode: called with the page to show. */
  onPageChange?: (page: number) => void
  /** Link mode (pages in the URL): the address of a page; takes precedence over onPageChange. */
  hrefForPage?: (page: number) => string
  /** Names the navigation region (default 'Pagination'). */
  label?: string
  disabled?: boolean
  /**
   * What a single page shows: 'Page 1 of 1' alone (a paged listing, where the count of pages
   * is part of the answer), or nothing at all (a thread that merely may grow pages).
   */
  single?: 'status' | 'nothing'
}

/**
 * Previous / Next with 'Page X of Y'. On a single page there is nowhere to go, so no buttons:
 * only the status, or nothing (`single`).
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  hrefForPage,
  label = 'Pagination',
  disabled = false,
  single = 'status',
}: PaginationProps) {
  const onePage = pageCount <= 1
  if (onePage && single === 'nothing') return null
  const control = (target: number, text: string) => {
    const unavailable = disabled || target < 1 || target > pageCount
    const className = buttonClass({ size: 'sm' })
    if (hrefForPage && !unavailable) {
      return (
        <Link to={hrefForPage(target)} className={className}>
          {text}
        </Link>
      )
    }
    return (
      <button
        type="button"
        className={className}
        disabled={unavailable}
        onClick={() => onPageChange?.(target)}
      >
        {text}
      </button>
    )
  }
  return (
    <nav aria-label={label} className={styles.pagination}>
      {onePage ? null : control(page - 1, 'Previous')}
      <span className={styles.status} aria-live="polite">
        Page {onePage ? 1 : page} of {Math.max(pageCount, 1)}
      </span>
      {onePage ? null : control(page + 1, 'Next')}
    </nav>
  )
}
