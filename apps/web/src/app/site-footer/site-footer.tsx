import { Link } from 'react-router'
import styles from './site-footer.module.css'
import { ThemeSwitch } from './theme-switch.tsx'

export const SOURCE_REPOSITORIES = {
  web: 'https://github.com/spellboard/spellboard/tree/main/apps/web',
  api: 'https://github.com/spellboard/spellboard/tree/main/apps/api',
}

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          Ashes Reborn, Ashes: Rise of the Phoenixborn and their card names, texts and images are ©{' '}
          {year} Plaid Hat Games. Spellboard is an unofficial fan site and is not produced or
          endorsed by Plaid Hat Games.
        </p>
        <div className={styles.row}>
          <ul className={styles.links}>
            <li>
              <a href={SOURCE_REPOSITORIES.web}>Web app source</a>
            </li>
            <li>
              <a href={SOURCE_REPOSITORIES.api}>API source</a>
            </li>
            <li>
              <Link to="/policies/">Content policies</Link>
            </li>
            <li>
              <Link to="/phoenix/">Project Phoenix</Link>
            </li>
          </ul>
          <ThemeSwitch />
        </div>
      </div>
    </footer>
  )
}
