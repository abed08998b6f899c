import { Link } from 'react-router'
import { CardBrowser } from './card-browser.tsx'
import styles from './cards-page.module.css'

export function LegacyCardsPage() {
  return (
    <>
      <h1>Browse legacy cards</h1>
      <p className={styles.notice}>
        You are viewing cards for <strong>Ashes Legacy</strong>, the original edition of the game.
        Cards marked with a dagger (†) are fan-made and not from an official release.{' '}
        <Link to="/cards/">Browse Reborn cards</Link>.
      </p>
      <CardBrowser legacy />
    </>
  )
}
