import type { GameIconName } from '@spellboard/core/card-text'
import type { CSSProperties } from 'react'
import { Icon } from '../../components/icons/icon.tsx'
import { useAppStore } from '../../store/app-store.ts'
import styles from './game-icon.module.css'

/**
 * Die colours for a type, from the tokens keyed by its name (`--die-charm-body`…), so a new
 * magic type needs only its token pair.
 */
export function dieColours(die: string): CSSProperties {
  return {
    '--icon-body': `var(--die-${die}-body)`,
    '--icon-symbol': `var(--die-${die}-symbol)`,
    '--icon-ring': 'var(--die-ring)',
  } as CSSProperties
}

type GameIconProps = {
  icon: GameIconName
  label: string
  /** The die type the icon shows; coloured when the player asked for coloured icons. */
  die?: string
  /** Colour even without the preference (the dice filter shows dice as dice). */
  alwaysColour?: boolean
  className?: string
}

/** A game symbol (die face, action, effect) with its name as accessible text and tooltip. */
export function GameIcon({ icon, label, die, alwaysColour = false, className }: GameIconProps) {
  const colorize = useAppStore((state) => state.preferences.colorizeIcons)
  const coloured = die !== undefined && (colorize || alwaysColour)
  return (
    <Icon
      name={icon}
      label={label}
      title={label}
      className={className ? `${styles.gameIcon} ${className}` : styles.gameIcon}
      style={coloured ? dieColours(die) : undefined}
    />
  )
}
