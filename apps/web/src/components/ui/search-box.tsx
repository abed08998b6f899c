import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef } from 'react'
import { Icon } from '../icons/icon.tsx'
import styles from './search-box.module.css'

type SearchBoxProps = {
  value: string
  /** The accessible name; the placeholder adds an ellipsis to it unless given. */
  label: string
  placeholder?: string
  /**
   * While a listing loads: the box says it is disabled and takes no text, but keeps the focus
   * and the keys pressed, and types them once it is back (a player who paused mid-word types on
   * while the list loads; a disabled input would drop those keys and the focus with them).
   */
  disabled?: boolean
  onChange: (value: string) => void
  onClear: () => void
  /** Enter applies the search without waiting for the pause. */
  onSubmit: () => void
  /** More controls inside the box, after Clear Search. */
  children?: ReactNode
}

type HeldKeys = { text: string; erased: number; submitted: boolean }
const noKeys = (): HeldKeys => ({ text: '', erased: 0, submitted: false })

/** Keeps a key pressed while the box waits; false for keys it does not type. */
function holdKey(keys: HeldKeys, event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return false
  if (event.key === 'Enter') keys.submitted = true
  else if (event.key === 'Backspace') {
    if (keys.text) keys.text = keys.text.slice(0, -1)
    else keys.erased += 1
  } else if ([...event.key].length === 1) keys.text += event.key
  else return false
  return true
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
  const held = useRef<HeldKeys>(noKeys())

  // What was typed while the box waited goes in once it is back, as if typed then.
  const typeHeld = useEffectEvent(() => {
    const keys = held.current
    held.current = noKeys()
    const text = value.slice(0, Math.max(0, value.length - keys.erased)) + keys.text
    if (text !== value) onChange(text)
    if (keys.submitted) onSubmit()
  })
  useEffect(() => {
    if (!disabled) typeHeld()
  }, [disabled])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) {
      if (holdKey(held.current, event)) event.preventDefault()
    } else if (event.key === 'Enter') onSubmit()
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
        readOnly={disabled}
        aria-disabled={disabled || undefined}
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
