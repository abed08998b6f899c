import type { ReactNode } from 'react'
import { Panel } from '../../components/ui/panel.tsx'
import styles from './session-page.module.css'

/** The frame of the log-in, sign-up and password screens: the form, with a short note beside it. */
export function SessionPage({
  title,
  aside,
  children,
}: {
  title: ReactNode
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <Panel>{children}</Panel>
      {aside ? <div className={styles.aside}>{aside}</div> : null}
    </div>
  )
}
