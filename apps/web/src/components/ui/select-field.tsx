import type { ComponentProps } from 'react'
import styles from './field.module.css'
import { type FieldChrome, FieldFrame, useFieldIds } from './text-field.tsx'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'className' | 'children'> &
  FieldChrome & {
    options: readonly SelectOption[]
    className?: string
  }

/** A labelled native select: the platform's own picker works best on phones. */
export function SelectField({
  label,
  hint,
  error,
  hideLabel,
  inline,
  className,
  id,
  options,
  ...select
}: SelectFieldProps) {
  const chrome = { label, hint, error, hideLabel, inline }
  const ids = useFieldIds(id, chrome)
  return (
    <FieldFrame {...ids} chrome={chrome} className={className}>
      <select
        id={ids.controlId}
        className={styles.control}
        aria-invalid={error ? true : select['aria-invalid']}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
