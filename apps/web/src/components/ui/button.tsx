import type { ComponentProps } from 'react'
import styles from './button.module.css'
import { Spinner } from './spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'md' | 'sm'

/** The class names of a button, for links and labels that must look like one. */
export function buttonClass({
  variant = 'secondary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string | undefined
} = {}): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ')
}

export type ButtonProps = ComponentProps<'button'> & {
  /** primary: the one main action of a view; secondary (default); ghost: quiet; danger: destructive. */
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean
}

/** A button with our look; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" delayMs={0} label="" /> : null}
      {children}
    </button>
  )
}
