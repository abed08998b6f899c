import type { ComponentProps, ReactNode } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClass } from './button.tsx'
import styles from './icon-button.module.css'

export type IconButtonProps = Omit<ComponentProps<'button'>, 'children' | 'aria-label'> & {
  /** Accessible name, also shown as the tooltip: an icon alone says nothing to a screen reader. */
  label: string
  /** The icon (decorative: give it aria-hidden). */
  children: ReactNode
  variant?: ButtonVariant
  size?: ButtonSize
  /** For toggles: rendered as aria-pressed. */
  pressed?: boolean
}

/** A square button showing only an icon. */
export function IconButton({
  label,
  children,
  variant = 'ghost',
  size = 'md',
  pressed,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={buttonClass({ variant, size, className: [styles.icon, className].join(' ') })}
      {...rest}
    >
      {children}
    </button>
  )
}
