import { SearchBox } from '../../components/ui/search-box.tsx'

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
  return (
    <SearchBox
      label="Filter by name or text"
      value={value}
      disabled={disabled}
      onChange={onChange}
      onClear={onClear}
      onSubmit={onSubmit}
    />
  )
}
