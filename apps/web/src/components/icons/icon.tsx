// One sprite for the web app and the server's card faces, so both draw the same symbols.
import spriteUrl from '@spellboard/core/sprite.svg?no-inline'
import type { CSSProperties } from 'react'
import styles from './icon.module.css'

/** Ids of the symbols in core's sprite.svg (game glyphs and interface glyphs). */
export type IconName =
  | 'ceremonial-class'
  | 'ceremonial-power'
  | 'charm-class'
  | 'charm-power'
  | 'illusion-class'
  | 'illusion-power'
  | 'natural-class'
  | 'natural-power'
  | 'divine-class'
  | 'divine-power'
  | 'sympathy-class'
  | 'sympathy-power'
  | 'time-class'
  | 'time-power'
  | 'artifice-class'
  | 'artifice-power'
  | 'astral-class'
  | 'astral-power'
  | 'basic'
  | 'main'
  | 'side'
  | 'exhaust'
  | 'discard'
  | 'inexhaustible'
  | 'reaction'
  | 'search'
  | 'close'
  | 'chevron-down'
  | 'chevron-up'
  | 'chevron-left'
  | 'chevron-right'
  | 'list'
  | 'binder'
  | 'filter'
  | 'bookmark'
  | 'bookmark-filled'
  | 'conjuration'
  | 'dagger'

type IconProps = {
  name: IconName
  /** Accessible text; without it the icon is decoration and hidden from assistive technology. */
  label?: string
  /** Tooltip, when it should say more than the label. */
  title?: string
  className?: string
  /** Die colours: `--icon-body`, `--icon-symbol`, `--icon-ring` (see tokens.css). */
  style?: CSSProperties
}

/** One symbol of our sprite, sized to the surrounding text (1.2em) unless styled otherwise. */
export function Icon({ name, label, title, className, style }: IconProps) {
  const classes = className ? `${styles.icon} ${className}` : styles.icon
  const glyph = <use href={`${spriteUrl}#${name}`} />
  if (!label) {
    return (
      <svg className={classes} style={style} data-icon={name} aria-hidden="true" focusable="false">
        {glyph}
      </svg>
    )
  }
  return (
    <svg className={classes} style={style} data-icon={name} role="img" aria-label={label}>
      <title>{title ?? label}</title>
      {glyph}
    </svg>
  )
}
