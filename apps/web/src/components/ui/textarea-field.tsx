import type { ComponentProps } from 'react'
import styles from './field.module.css'
import { type FieldChrome, FieldFrame, useFieldIds } from './text-field.tsx'

export type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> &
  FieldChrome & { className?: string }

/** A labelled multi-line text box with hint and error. */
export function TextareaField({
  label,
  hint,
  error,
  hideLabel,
  inline,
  className,
  id,
  rows = 5,
  ...textarea
}: TextareaFieldProps) {
  const chrome = { label, hint, error, hideLabel, inline }
  const ids = useFieldIds(id, chrome)
  return (
    <FieldFrame {...ids} chrome={chrome} className={className}>
      <textarea
        id={ids.controlId}
        rows={rows}
        className={styles.control}
        aria-invalid={error ? true : textarea['aria-invalid']}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldFrame>
  )
}
