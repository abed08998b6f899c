import { type KeyboardEvent, useEffect, useRef } from 'react'
import { Icon } from '../../components/icons/icon.tsx'
import styles from './text-filter.module.css'

type TextFilterProps = {
  value: string
  disabled: boolean
  onChange: (value: string) => void
  onClear: () => void
  /** Enter applies the search without waiting for the pause. */
  onSubmit: () => void
}

/** The name-or-text search box with its Clear Search button. */
export function TextFilter({ value, disabled, onChange, onClear, onSubmit }: TextFilterProps) {
  const input = useRef<HTMLInputElement>(null)
  const hadFocus = useRef(false)

  // Controls are disabled while cards load, which takes focus away; give it back after.
  useEffect(() => {
    if (disabled) {
      hadFocus.current = document.activeElement === input.current
    } else if (hadFocus.current) {
      hadFocus.current = false
      input.current?.focus()
    }
  }, [disabled])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onSubmit()
  }

  return (
    <div className={styles.search}>
      <Icon name="search" className={styles.searchIcon} />
      <input
        ref={input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        className={styles.input}
        placeholder="Filter by name or text..."
        aria-label="Filter by name or text"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className={styles.clear}
        aria-label="Clear Search"
        title="Clear Search"
        disabled={disabled || value === ''}
        onClick={() => {
          onClear()
          input.current?.focus()
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  )
}
