import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import styles from './tabs.module.css'

export type TabItem<T extends string> = { value: T; label: ReactNode; disabled?: boolean }

export type TabsProps<T extends string> = {
  /** Names the tab list for screen readers. */
  label: string
  items: readonly TabItem<T>[]
  value: T
  onChange: (value: T) => void
  /** The selected tab's content. */
  children?: ReactNode
  className?: string
}

/**
 * ARIA tabs switching content in place (write/preview, All/Mine). Arrow keys, Home and End move
 * between enabled tabs. For tabs that are separate pages, use NavTabs.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  children,
  className,
}: TabsProps<T>) {
  const base = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const tabId = (item: T) => `${base}-tab-${item}`
  const panelId = `${base}-panel`

  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = items.filter((item) => !item.disabled)
    const index = enabled.findIndex((item) => item.value === value)
    const next = {
      ArrowRight: enabled[(index + 1) % enabled.length],
      ArrowLeft: enabled[(index - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled.at(-1),
    }[event.key]
    if (!next) return
    event.preventDefault()
    onChange(next.value)
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.value))}`)?.focus()
  }

  return (
    <div className={className}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className={styles.list}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.value === value
          return (
            <button
              key={item.value}
              id={tabId(item.value)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              className={styles.tab}
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {children === undefined ? null : (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(value)} className={styles.panel}>
          {children}
        </div>
      )}
    </div>
  )
}
