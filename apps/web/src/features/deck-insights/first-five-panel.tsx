import { DICE_ODDS_HELP, formatChance } from '@spellboard/core/dice-odds'
import { allFiveLine, firstFiveOdds, isFirstFiveCandidate } from '@spellboard/core/first-five'
import { DECK_RULES } from '@spellboard/core/limits'
import type { CardLookup } from '@spellboard/core/magic-costs'
import { costTerms } from '@spellboard/core/magic-costs'
import { useMemo, useState } from 'react'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import type { Builder, Transition } from '../../store/builder-slice.ts'
import { setEffectPaid, setFirstFive } from '../../store/first-five-transitions.ts'
import styles from './builder-insights.module.css'
import { meditateText } from './odds-text.tsx'

/**
 * The builder's 'First Five': mark up to five cards to open with and whose effects are paid in
 * round 1 (saved as `first_five` and `effect_costs`), tick the cards planned for round 1 and see
 * the chance one roll pays that plan, updated at once.
 */
export function FirstFivePanel({ lookup, pending }: { lookup: CardLookup; pending: boolean }) {
  const deck = useAppStore((state) => state.builder.deck)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  // The plan is the player's sketch, not part of the deck: every First Five card until unticked.
  const [unplanned, setUnplanned] = useState<readonly string[]>([])
  const { firstFive, effectCosts, phoenixborn, dice } = deck
  const odds = useMemo(() => {
    const ticked = firstFive.filter((stub) => !unplanned.includes(stub))
    const saved = { dice, first_five: firstFive, effect_costs: effectCosts, phoenixborn }
    return firstFiveOdds(saved, lookup, ticked)
  }, [dice, firstFive, effectCosts, phoenixborn, lookup, unplanned])
  const apply = (transition: (state: Builder) => Transition) => {
    const refused = updateBuilder(transition)
    if (refused) notify.error(refused)
  }
  const candidates = deck.cards.filter((card) => isFirstFiveCandidate(lookup(card.stub) ?? card))
  const full = firstFive.length >= DECK_RULES.firstFive
  const nameOf = (stub: string) =>
    deck.cards.find((card) => card.stub === stub)?.name ?? lookup(stub)?.name ?? stub
  const hasEffectCost = (stub: string) => costTerms(lookup(stub)?.effectMagicCost).length > 0
  const chanceOf = (stub: string) => odds.cards.find((card) => card.stub === stub)
  const payable = [...firstFive, ...(phoenixborn ? [phoenixborn.stub] : [])].filter(hasEffectCost)

  return (
    <section className={styles.panel} aria-labelledby="builder-first-five">
      <h3 id="builder-first-five" className={styles.title}>
        First Five
      </h3>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          Cards to open with ({firstFive.length} of {DECK_RULES.firstFive} marked)
        </legend>
        {candidates.length === 0 ? (
          <p className={styles.note}>Add cards to the deck first.</p>
        ) : null}
        <div className={styles.choices}>
          {candidates.map((card) => {
            const marked = firstFive.includes(card.stub)
            return (
              <Checkbox
                key={card.stub}
                label={card.name}
                checked={marked}
                disabled={!marked && full}
                onChange={(event) =>
                  apply((state) => setFirstFive(state, card.stub, event.target.checked))
                }
              />
            )
          })}
        </div>
      </fieldset>
      {firstFive.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Round 1 plan</legend>
          <ul className={styles.plan}>
            {firstFive.map((stub) => {
              const chance = chanceOf(stub)
              const name = nameOf(stub)
              return (
                <li key={stub} className={styles.planRow}>
                  <Checkbox
                    label={name}
                    aria-label={`Play ${name} in round 1`}
                    hint={
                      chance && !pending
                        ? `${formatChance(chance.chance)} · ${meditateText(chance.meditate)}`
                        : undefined
                    }
                    checked={!unplanned.includes(stub)}
                    onChange={(event) =>
                      setUnplanned((current) =>
                        event.target.checked
                          ? current.filter((other) => other !== stub)
                          : [...current, stub],
                      )
                    }
                  />
                </li>
              )
            })}
          </ul>
          {payable.length > 0 ? (
            <div className={styles.effects}>
              <p className={styles.legend}>Effects paid in round 1</p>
              {payable.map((stub) => (
                <Checkbox
                  key={stub}
                  label={nameOf(stub)}
                  aria-label={`Pay the effect of ${nameOf(stub)} in round 1`}
                  checked={effectCosts.includes(stub)}
                  onChange={(event) =>
                    apply((state) => setEffectPaid(state, stub, event.target.checked))
                  }
                />
              ))}
            </div>
          ) : null}
          <output className={styles.result} aria-live="polite">
            {pending ? (
              <span>Loading card costs...</span>
            ) : (
              <>
                <span>
                  Round 1 plan: <strong>{formatChance(odds.plan?.chance ?? 1)}</strong>{' '}
                  <span className={styles.meditate}>{meditateText(odds.plan?.meditate ?? 0)}</span>
                </span>
                <span>
                  {allFiveLine(odds.all)}{' '}
                  <span className={styles.meditate}>{meditateText(odds.all.meditate)}</span>
                </span>
              </>
            )}
          </output>
        </fieldset>
      ) : null}
      <details className={styles.details}>
        <summary>How the odds are counted</summary>
        <p className={styles.note}>{DICE_ODDS_HELP}</p>
      </details>
    </section>
  )
}
