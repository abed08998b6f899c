import { type ComponentProps, type ReactNode, useId } from 'react'
import styles from './field.module.css'

export type FieldChrome = {
  label: ReactNode
  /** Shown under the control and linked to it with aria-describedby. */
  hint?: ReactNode
  /** Marks the control invalid and says why. */
  error?: string | undefined
  /** Keeps the label for screen readers only (search boxes with a placeholder). */
  hideLabel?: boolean
  /** No bottom margin, for controls sitting in a toolbar row. */
  inline?: boolean
}

/** Ids and attributes that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined, { hint, error }: FieldChrome) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  return {
    controlId,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  }
}

export function FieldFrame({
  controlId,
  hintId,
  errorId,
  chrome,
  className,
  children,
}: {
  controlId: string
  hintId: string | undefined
  errorId: string | undefined
  chrome: FieldChrome
  className?: string | undefined
  children: ReactNode
}) {
  return (
    <div
      className={[styles.field, chrome.inline ? styles.inline : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={controlId} className={chrome.hideLabel ? 'visually-hidden' : styles.label}>
        {chrome.label}
      </label>
      {children}
      {chrome.hint ? (
        <p id={hintId} className={styles.hint}>
          {chrome.hint}
        </p>
      ) : null}
      {chrome.error ? (
        <p id={errorId} className={styles.error}>
          {chrome.error}
        </p>
      ) : null}
    </div>
  )
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> &
  FieldChrome & { className?: string }

/** A labelled text input (type text, email, password, search...) with hint and error. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  inline,
  className,
  id,
  type = 'text',
  ...input
}: TextFieldProps) {
  const chrome = { label, hint, error, hideLabel, inline }
  const ids = useFieldIds(id, chrome)
  return (
    <FieldFrame {...ids} chrome={chrome} className={className}>
      <input
        id={ids.controlId}
        type={type}
        className={styles.control}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldFrame>
  )
}
