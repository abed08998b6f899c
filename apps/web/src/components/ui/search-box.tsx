import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import { Icon } from '../icons/icon.tsx'
import styles from './search-box.module.css'

type SearchBoxProps = {
  value: string
  /** The accessible name; the placeholder adds an ellipsis to it unless given. */
  label: string
  placeholder?: string
  disabled?: boolean
  onChange: (value: string) => void
  onClear: () => void
  /** Enter applies the search without waiting for the pause. */
  onSubmit: () => void
  /** More controls inside the box, after Clear Search. */
  children?: ReactNode
}

/** A search field with its icon and Clear Search button (the card and deck listings). */
export function SearchBox({
  value,
  label,
  placeholder = `${label}...`,
  disabled = false,
  onChange,
  onClear,
  onSubmit,
  children,
}: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null)
  const hadFocus = useRef(false)

  // Listings disable their controls while they load, which takes focus away; give it back after.
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
        placeholder={placeholder}
        aria-label={label}
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
      {children}
    </div>
  )
}
