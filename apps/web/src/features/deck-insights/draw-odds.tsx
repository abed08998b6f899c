import {
  DRAW_ODDS_ROUNDS,
  drawOdds,
  drawOddsModel,
  formatExactChance,
} from '@spellboard/core/draw-odds'
import { useId, useMemo } from 'react'
import styles from './deck-insights.module.css'
import playtest from './playtest.module.css'
import { SampleArea, type SampleDeck } from './sample-area.tsx'
import { useAddressSample, useLocalSample } from './use-sample-state.ts'

type DrawOddsProps = {
  deck: SampleDeck
  /** Keep the sample hand in the address (deck pages) or with the component (the builder's Preview). */
  sampleInAddress: boolean
}

/**
 * 'Draw odds': each card's chance to be held by the start of rounds 2, 3 and 4, the model under
 * the table, and the sample hand to try the deck out.
 */
export function DrawOdds({ deck, sampleInAddress }: DrawOddsProps) {
  const id = useId()
  const { cards, first_five } = deck
  const odds = useMemo(() => drawOdds({ cards, first_five }), [cards, first_five])
  return (
    <section className={styles.insights} aria-labelledby={`${id}-draw-odds`}>
      <h2 id={`${id}-draw-odds`} className={styles.heading}>
        Draw odds
      </h2>
      {odds.rows.length === 0 ? (
        <p className={styles.muted}>No cards in this deck yet.</p>
      ) : (
        <>
          <div className={styles.tableScroll}>
            <table className={`${styles.table} ${playtest.oddsTable}`}>
              <caption className={playtest.caption}>
                Chance to hold at least one copy by the start of each round
              </caption>
              <thead>
                <tr>
                  <th scope="col">Card</th>
                  {DRAW_ODDS_ROUNDS.map((round) => (
                    <th key={round} scope="col">
                      Round {round}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {odds.rows.map((row) => (
                  <tr key={row.stub} data-first-five={row.inFirstFive || undefined}>
                    <th scope="row">{row.name}</th>
                    {row.chances.map((chance, index) => (
                      <td key={DRAW_ODDS_ROUNDS[index]}>{formatExactChance(chance)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.help}>{drawOddsModel(odds)}</p>
          {sampleInAddress ? <AddressSample deck={deck} /> : <LocalSample deck={deck} />}
        </>
      )}
    </section>
  )
}

function AddressSample({ deck }: { deck: SampleDeck }) {
  return <SampleArea deck={deck} control={useAddressSample()} />
}

function LocalSample({ deck }: { deck: SampleDeck }) {
  return <SampleArea deck={deck} control={useLocalSample()} />
}
