import type { ReactNode } from 'react'
import styles from './alert.module.css'

export type AlertProps = {
  tone?: 'info' | 'success' | 'warning' | 'error'
  title?: ReactNode
  children?: ReactNode
  className?: string
}

/**
 * A coloured box for a message that belongs to the page (an error loading a section, a notice).
 * Errors are announced immediately; other tones politely.
 */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      {children}
    </div>
  )
}
