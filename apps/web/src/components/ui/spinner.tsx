import { useEffect, useState } from 'react'
import styles from './spinner.module.css'

export type SpinnerProps = {
  /** Announced to screen readers; pass '' when the surrounding control already says it. */
  label?: string
  size?: 'sm' | 'md' | 'lg'
  /** Quick loads never show a spinner (DESIGN.md: none under 300 ms). */
  delayMs?: number
}

/** A spinning ring that appears only once waiting has lasted long enough to notice. */
export function Spinner({ label = 'Loading...', size = 'md', delayMs = 300 }: SpinnerProps) {
  const [visible, setVisible] = useState(delayMs <= 0)
  useEffect(() => {
    if (delayMs <= 0) return
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  if (!visible) return null
  return (
    <span
      className={`${styles.spinner} ${styles[size]}`}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  )
}
