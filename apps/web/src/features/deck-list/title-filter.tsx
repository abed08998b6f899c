import { useRef } from 'react'
import { Icon } from '../../components/icons/icon.tsx'
import styles from './deck-filters-bar.module.css'

type TitleFilterProps = {
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
}

/** The deck title search box with its Clear Search button. */
export function TitleFilter({ value, onChange, onSubmit }: TitleFilterProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className={styles.search}>
      <Icon name="search" className={styles.searchIcon} />
      <input
        ref={input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        className={styles.input}
        placeholder="Filter by title..."
        aria-label="Filter by title"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit()
        }}
      />
      <button
        type="button"
        className={styles.clear}
        aria-label="Clear Search"
        title="Clear Search"
        disabled={value === ''}
        onClick={() => {
          onChange('')
          input.current?.focus()
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  )
}
