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
    const heading = document.getElementById('builder-heading')
    const drawer = heading?.closest<HTMLElement>('[inert]')
    const target = drawer
      ? document.querySelector<HTMLElement>(`[aria-controls="${drawer.id}"]`)
      : heading
    if (!target) return
    event.preventDefault()
    if (target === heading) target.tabIndex = -1
    target.focus()
  }
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real in-page link; the handler only picks a better focus target
    <a className={styles.skipLink} href="#builder-heading" onClick={skip}>
      Skip to deck builder
    </a>
  )
}
