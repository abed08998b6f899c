import { Link } from 'react-router'
import { useBuilderBrowserExtension } from '../../features/deck-builder/browser-extension.tsx'
import { CardBrowser } from './card-browser.tsx'
import styles from './cards-page.module.css'

export function CardsPage() {
  const builderExtension = useBuilderBrowserExtension()
  return (
    <>
      <h1>Browse cards</h1>
      <p className={styles.notice}>
        You are viewing cards for <strong>Ashes Reborn</strong>. Looking for the original game?{' '}
        <Link to="/cards/legacy/">Browse Legacy cards</Link>.
      </p>
      <CardBrowser legacy={false} extension={builderExtension} />
    </>
  )
}
