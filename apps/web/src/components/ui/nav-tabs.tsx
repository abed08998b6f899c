import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import styles from './tabs.module.css'

export type NavTabItem = {
  to: string
  label: ReactNode
  /** Only an exact match is current (so /decks/ is not current on /decks/legacy/). Default true. */
  end?: boolean
}

/** Tabs that are pages of their own (Competitive / Red Rains / Legacy): links with aria-current. */
export function NavTabs({
  label,
  items,
  className,
}: {
  label: string
  items: readonly NavTabItem[]
  className?: string
}) {
  const { pathname } = useLocation()
  return (
    <nav aria-label={label} className={className}>
      <div className={styles.list}>
        {items.map((item) => {
          const current = (item.end ?? true) ? pathname === item.to : pathname.startsWith(item.to)
          return (
            <Link
              key={item.to}
              to={item.to}
              className={styles.tab}
              aria-current={current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          )
        })}
      </div>
    </nav>
  )
}
