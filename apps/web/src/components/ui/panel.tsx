import type { ComponentProps } from 'react'
import styles from './panel.module.css'

/** A raised surface grouping related content (a form, a side table). */
export function Panel({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={[styles.panel, className].filter(Boolean).join(' ')} {...rest} />
}
