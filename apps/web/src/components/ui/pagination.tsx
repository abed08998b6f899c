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
}

/**
 * Previous / Next with 'Page X of Y'; renders nothing when everything fits on one page (no
 * 'Page 1 of 1', no buttons that lead nowhere).
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  hrefForPage,
  label = 'Pagination',
  disabled = false,
}: PaginationProps) {
  if (pageCount <= 1) return null
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
      {control(page - 1, 'Previous')}
      <span className={styles.status} aria-live="polite">
        Page {page} of {pageCount}
      </span>
      {control(page + 1, 'Next')}
    </nav>
  )
}
