import { useEffect, useState } from 'react'
import { subscribeToLoading } from './lazy-screen.ts'
import styles from './progress-bar.module.css'

/** A thin bar while a screen's code loads; quick loads (under 150 ms) never show it. */
export function ProgressBar() {
  const [busy, setBusy] = useState(false)
  const [visible, setVisible] = useState(false)
  useEffect(() => subscribeToLoading((pending) => setBusy(pending > 0)), [])
  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), 150)
    return () => clearTimeout(timer)
  }, [busy])
  return <div className={styles.bar} data-visible={visible} aria-hidden="true" />
}
