import type { MouseEvent } from 'react'
import styles from './root-layout.module.css'

/**
 * While building, a second skip link leads to the deck builder, which follows the whole page in
 * tab order (a card listing can hold a few hundred stops). Beside the page it moves focus to the
 * builder's heading; below extra-large widths, where the builder is a closed drawer, to the
 * button that opens it.
 */
export function BuilderSkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const toggle = document.querySelector<HTMLElement>('[aria-controls="builder-drawer"]')
    const heading = document.getElementById('builder-heading')
    const target = toggle?.getAttribute('aria-expanded') === 'false' ? toggle : heading
    if (!target) return
    event.preventDefault()
    if (target === heading) target.tabIndex = -1
    target.focus()
  }
  return (
    // #builder is the pane, column or drawer, whether or not its contents have loaded.
    // biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler only picks a better focus target
    <a className={styles.skipLink} href="#builder" onClick={skip}>
      Skip to deck builder
    </a>
  )
}
