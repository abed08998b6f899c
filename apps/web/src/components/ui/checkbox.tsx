import { type ComponentProps, type ReactNode, useId } from 'react'
import styles from './checkbox.module.css'

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  label: ReactNode
  /** A line of explanation under the label. */
  hint?: ReactNode
  className?: string
}

/** A checkbox with its label (and an optional hint) beside it. */
export function Checkbox({ label, hint, className, id, ...input }: CheckboxProps) {
  const generated = useId()
  const controlId = id ?? generated
  const hintId = hint ? `${controlId}-hint` : undefined
  return (
    <div className={[styles.row, className].filter(Boolean).join(' ')}>
      <input
        id={controlId}
        type="checkbox"
        className={styles.box}
        aria-describedby={hintId}
        {...input}
      />
      <div className={styles.text}>
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        ) : null}
      </div>
    </div>
  )
}

export type ToggleProps = Omit<ComponentProps<'input'>, 'type' | 'className' | 'role'> & {
  label: ReactNode
  className?: string
}

/** An on/off switch (a checkbox with role="switch") for settings that apply at once. */
export function Toggle({ label, className, id, ...input }: ToggleProps) {
  const generated = useId()
  const controlId = id ?? generated
  return (
    <div className={[styles.row, styles.toggleRow, className].filter(Boolean).join(' ')}>
      <input
        id={controlId}
        type="checkbox"
        role="switch"
        aria-checked={input.checked}
        className={styles.switch}
        {...input}
      />
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
    </div>
  )
}
