import type { ReactNode } from 'react'
import styles from './tag.module.css'

export type TagTone = 'neutral' | 'success' | 'accent'

/** A small label beside a title: a deck's 'Public', 'Private', 'Latest' or 'Published'. */
export function Tag({ tone = 'neutral', children }: { tone?: TagTone; children: ReactNode }) {
  return <span className={`${styles.tag} ${styles[tone]}`}>{children}</span>
}
