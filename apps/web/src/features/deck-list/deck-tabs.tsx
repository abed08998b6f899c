import { NavTabs } from '../../components/ui/nav-tabs.tsx'
import styles from './deck-listing.module.css'

/** Competitive / Red Rains / Legacy: each its own page under `base` ('/decks/', '/decks/mine/'). */
export function DeckTabs({ base }: { base: string }) {
  return (
    <NavTabs
      label="Deck kinds"
      className={styles.tabs}
      items={[
        { to: base, label: 'Competitive' },
        { to: `${base}red-rains/`, label: 'Red Rains' },
        { to: `${base}legacy/`, label: 'Legacy' },
      ]}
    />
  )
}
