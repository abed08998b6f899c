import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { cardQuery } from '../../api/cards.ts'
import { Button } from '../../components/ui/button.tsx'
import type { BuilderPhoenixborn as Phoenixborn } from '../../store/builder-slice.ts'
import { CardLink } from '../card-link/card-link.tsx'
import { LazyCardText } from '../card-text/lazy-rich-text.tsx'
import styles from './builder-pane.module.css'
import { PhoenixbornPicker } from './phoenixborn-picker.tsx'
import { PhoenixbornUndo } from './phoenixborn-undo.tsx'

function Stat({ label, value }: { label: string; value: Phoenixborn['life'] }) {
  return (
    <span className={styles.stat}>
      {label} <strong>{value ?? '--'}</strong>
    </span>
  )
}

/** The deck's Phoenixborn: name, stats and text, and a way to choose another. */
export function BuilderPhoenixborn({ phoenixborn }: { phoenixborn: Phoenixborn }) {
  const [changing, setChanging] = useState(false)
  const card = useQuery(cardQuery(phoenixborn.stub))

  return (
    <section className={styles.section} aria-labelledby="builder-phoenixborn">
      <div className={styles.sectionHeader}>
        <h3 id="builder-phoenixborn" className={styles.phoenixborn}>
          <CardLink card={card.data ?? { name: phoenixborn.name, stub: phoenixborn.stub }} />
        </h3>
        <Button size="sm" variant="ghost" onClick={() => setChanging((value) => !value)}>
          {changing ? 'Keep this Phoenixborn' : 'Change Phoenixborn'}
        </Button>
      </div>
      <p className={styles.stats}>
        <Stat label="Battlefield" value={phoenixborn.battlefield} />
        <Stat label="Life" value={phoenixborn.life} />
        <Stat label="Spellboard" value={phoenixborn.spellboard} />
      </p>
      <PhoenixbornUndo />
      {card.data?.text ? <LazyCardText text={card.data.text} className={styles.cardText} /> : null}
      {changing ? (
        <div className={styles.changing}>
          <p className={styles.hint}>
            Cards unique to another Phoenixborn leave the deck when you change.
          </p>
          <PhoenixbornPicker onPicked={() => setChanging(false)} />
        </div>
      ) : null}
    </section>
  )
}
