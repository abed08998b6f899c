import type { ReactNode } from 'react'
import styles from './empty-state.module.css'

export type EmptyStateProps = {
  /** 'No cards found', 'No deck found'... */
  title: ReactNode
  children?: ReactNode
  /** A button or link offering the way out ('Clear filters'). */
  action?: ReactNode
  /** Heading level: 'h1' when it replaces a whole page (not-found states), else 'h2'. */
  as?: 'h1' | 'h2' | 'h3'
}

/** What a list or page shows when there is nothing to show. */
export function EmptyState({ title, children, action, as: Heading = 'h2' }: EmptyStateProps) {
  return (
    <section className={styles.empty}>
      <Heading className={styles.title}>{title}</Heading>
      {children}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  )
}
