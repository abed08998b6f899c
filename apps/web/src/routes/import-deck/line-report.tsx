import type { Card } from '@spellboard/core/card-schemas'
import type { DeckTextLine } from '@spellboard/core/deck-text-import'
import styles from './import-deck-page.module.css'

type Line = DeckTextLine<Card>

/** What the text says of a line that needs the player's eye; null when it is fine. */
function problem(line: Line): string | null {
  if (line.status === 'unmatched') return 'No card by this name.'
  if (line.status === 'ignored' && line.kind === 'extra_phoenixborn') {
    return 'A deck has one Phoenixborn; this one is left out.'
  }
  return null
}

/** The same line with a suggested name in place of the unmatched one, its count kept. */
export function withName(line: Line, name: string): string {
  const count = line.status === 'unmatched' ? line.count : null
  return count === null ? name : `${count}x ${name}`
}

/**
 * Each line the import could not use as written, with the nearest card names; picking one puts
 * it in place of the line.
 */
export function LineReport({
  lines,
  onReplace,
}: {
  lines: readonly Line[]
  onReplace: (line: Line, text: string) => void
}) {
  const marked = lines.flatMap((line) => {
    const text = problem(line)
    return text ? [{ line, text }] : []
  })
  if (marked.length === 0) return null
  const unmatched = marked.filter(({ line }) => line.status === 'unmatched').length
  return (
    <section className={styles.report} aria-labelledby="import-lines">
      <h2 id="import-lines" className={styles.subheading}>
        {unmatched === 1
          ? '1 line not matched'
          : unmatched > 1
            ? `${unmatched} lines not matched`
            : 'Lines to check'}
      </h2>
      <ul className={styles.lines}>
        {marked.map(({ line, text }) => (
          <li key={line.line} className={styles.line} data-status={line.status}>
            <p className={styles.lineText}>
              <span className={styles.lineNumber}>Line {line.line}:</span>{' '}
              <q className={styles.quote}>{line.text.trim()}</q> {text}
            </p>
            {line.status === 'unmatched' && line.suggestions.length ? (
              <div className={styles.suggestions}>
                <span id={`line-${line.line}-nearest`}>Nearest cards:</span>
                {line.suggestions.map((name) => (
                  <button
                    key={name}
                    type="button"
                    className={styles.suggestion}
                    aria-describedby={`line-${line.line}-nearest`}
                    onClick={() => onReplace(line, withName(line, name))}
                  >
                    {name}
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
