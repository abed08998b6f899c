import { problemText } from '@spellboard/core/deck-problem-text'
import { blocksPublishing, type DeckProblem } from '@spellboard/core/deck-rules'
import type { ReactNode } from 'react'
import styles from './deck-insights.module.css'

type ProblemListProps = {
  problems: readonly DeckProblem[]
  /** Tag the problems that keep Publish... unavailable (the builder). */
  markBlockers?: boolean
  /** More items after the rules' problems (the builder's cards owned too few of). */
  more?: ReactNode[]
}

/** The deck's problems from the shared rules, one line each, or 'No problems found'. */
export function ProblemList({ problems, markBlockers = false, more = [] }: ProblemListProps) {
  if (problems.length === 0 && more.length === 0) {
    return <p className={styles.noProblems}>No problems found</p>
  }
  return (
    <ul className={styles.problems}>
      {problems.map((problem, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rules list problems in a stable order
        <li key={index} className={styles.problem}>
          {problemText(problem)}
          {markBlockers && blocksPublishing(problem) ? (
            <span className={styles.flag}>Blocks Publish...</span>
          ) : null}
        </li>
      ))}
      {more}
    </ul>
  )
}
