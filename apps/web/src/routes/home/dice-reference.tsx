import { DICE_NAMES, type DiceName } from '@spellboard/core/cards'
import styles from './dice-reference.module.css'

/**
 * A simple glyph per die type, drawn in a 24x24 box. They only tell the dice apart on this page;
 * the card text uses the icon sprite.
 */
const GLYPHS: Record<DiceName, string> = {
  ceremonial: 'M12 3c2.5 3.5 5 5.5 5 9a5 5 0 0 1-10 0c0-3.5 2.5-5.5 5-9zm-5 15h10v3H7z',
  charm: 'M12 20s-8-4.6-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.4-8 10-8 10z',
  illusion:
    'M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12zm10 3.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  natural: 'M5 19C5 9 11 4 20 4c0 9-5 15-15 15zm0 0 8-8',
  divine:
    'M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12 1v4M12 19v4M1 12h4M19 12h4M4.2 4.2 7 7M17 17l2.8 2.8M4.2 19.8 7 17M17 7l2.8-2.8',
  sympathy: 'M9 7a5 5 0 1 1 0 10A5 5 0 0 1 9 7zm6 0a5 5 0 1 1 0 10 5 5 0 0 1 0-10z',
  time: 'M6 3h12v2c0 3-4 5-4 7s4 4 4 7v2H6v-2c0-3 4-5 4-7S6 8 6 5z',
  artifice:
    'M12 8.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM10.5 2h3l.6 3 2.6 1.1 2.6-1.7 2.1 2.1-1.7 2.6 1.1 2.6 3 .6v3l-3 .6-1.1 2.6 1.7 2.6-2.1 2.1-2.6-1.7-2.6 1.1-.6 3h-3l-.6-3-2.6-1.1-2.6 1.7-2.1-2.1 1.7-2.6L5.1 14l-3-.6v-3l3-.6 1.1-2.6-1.7-2.6 2.1-2.1 2.6 1.7L11.9 5z',
  astral:
    'M15 3a9 9 0 1 0 6 15.5A8 8 0 0 1 15 3zM18 5l.8 2.2L21 8l-2.2.8L18 11l-.8-2.2L15 8l2.2-.8z',
  basic: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
}

/** Strokes read better than fills for these glyphs. */
const STROKED = new Set<DiceName>(['natural', 'divine', 'sympathy'])

function Die({ type }: { type: DiceName }) {
  const body = `var(--die-${type}-body)`
  const symbol = `var(--die-${type}-symbol)`
  return (
    <figure className={styles.die}>
      <svg viewBox="0 0 64 64" width="64" height="64" role="img" aria-label={`${type} die`}>
        <rect
          x="4"
          y="4"
          width="56"
          height="56"
          rx="12"
          fill={body}
          stroke="var(--color-border-strong)"
          strokeWidth="1.5"
        />
        <rect
          x="9"
          y="9"
          width="46"
          height="46"
          rx="9"
          fill="none"
          stroke={symbol}
          strokeOpacity="0.35"
        />
        <g transform="translate(14 14) scale(1.5)">
          <path
            d={GLYPHS[type]}
            fill={STROKED.has(type) ? 'none' : symbol}
            stroke={STROKED.has(type) ? symbol : 'none'}
            strokeWidth="2"
            strokeLinecap="round"
            fillRule="evenodd"
          />
        </g>
      </svg>
      <figcaption>{type}</figcaption>
    </figure>
  )
}

/** One die of every type in its physical colours: the dice are data, so a new type shows up here. */
export function DiceReference() {
  return (
    <div className={styles.grid}>
      {DICE_NAMES.map((type) => (
        <Die key={type} type={type} />
      ))}
    </div>
  )
}
