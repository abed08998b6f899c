import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef } from 'react'
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

type HeldKeys = { text: string; erased: number; submitted: boolean }
const noKeys = (): HeldKeys => ({ text: '', erased: 0, submitted: false })

/** Focus went from the disabled box to the page itself, not to another control. */
function isFocusLost(box: HTMLInputElement | null): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === box
}

/** Keeps a key pressed while the box is disabled; false for keys it does not type. */
function holdKey(keys: HeldKeys, event: globalThis.KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false
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
  const hadFocus = useRef(false)
  const held = useRef<HeldKeys>(noKeys())

  // What was typed while the box was disabled goes in once it is back, as if typed then.
  const typeHeld = useEffectEvent(() => {
    const keys = held.current
    held.current = noKeys()
    const text = value.slice(0, Math.max(0, value.length - keys.erased)) + keys.text
    if (text !== value) onChange(text)
    if (keys.submitted) onSubmit()
  })

  // Listings disable their controls while they load, which takes focus away; give it back after,
  // with the keys pressed meanwhile (a player who paused mid-word types on while the list loads).
  useEffect(() => {
    if (disabled) {
      hadFocus.current = document.activeElement === input.current
      if (!hadFocus.current) return
      const hold = (event: globalThis.KeyboardEvent) => {
        if (!isFocusLost(input.current)) return
        if (holdKey(held.current, event)) event.preventDefault()
      }
      document.addEventListener('keydown', hold)
      return () => document.removeEventListener('keydown', hold)
    }
    if (hadFocus.current) {
      hadFocus.current = false
      input.current?.focus()
      typeHeld()
    }
  }, [disabled])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A disabled box that kept the focus leaves its keys to be held (above).
    if (event.key === 'Enter' && !disabled) onSubmit()
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
