import type { ComponentProps } from 'react'
import styles from './prose.module.css'

/** Long-form text (static pages, descriptions) at a readable width and rhythm. */
export function Prose({ className, ...rest }: ComponentProps<'article'>) {
  return <article className={[styles.prose, className].filter(Boolean).join(' ')} {...rest} />
}
