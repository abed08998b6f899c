import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useLogOut } from '../../features/session/use-log-out.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './site-header.module.css'

export type SiteHeaderProps = {
  /** Home and Not Found show the tall variant with the tagline. */
  tall: boolean
  /** Shown after Log out while logged in: the deck builder's New deck / Exit builder button. */
  deckAction?: ReactNode
}

/**
 * Marks the section the visitor is in. Plain links with aria-current rather than NavLink, which
 * brings router features the first page load does not need.
 */
function HeaderLink({
  to,
  pathname,
  exclude,
  children,
}: {
  to: string
  pathname: string
  /** A sub-section that has its own link (My decks inside Decks). */
  exclude?: string
  children: ReactNode
}) {
  const current =
    pathname.startsWith(to) && !(exclude && pathname.startsWith(exclude)) ? 'page' : undefined
  return (
    <Link to={to} className={styles.link} aria-current={current}>
      {children}
    </Link>
  )
}

/** Decks and Cards on the left, the mark in the middle, the account links on the right. */
export function SiteHeader({ tall, deckAction }: SiteHeaderProps) {
  const session = useAppStore((state) => state.session)
  const { pathname } = useLocation()
  const logOut = useLogOut()
  return (
    <header className={styles.header} data-tall={tall}>
      <nav className={styles.bar} aria-label="Site">
        <ul className={styles.primary}>
          <li>
            <HeaderLink to="/decks/" exclude="/decks/mine/" pathname={pathname}>
              Decks
            </HeaderLink>
          </li>
          <li>
            <HeaderLink to="/cards/" pathname={pathname}>
              Cards
            </HeaderLink>
          </li>
        </ul>
        <Link to="/" className={styles.mark} aria-label="Spellboard home">
          <svg
            viewBox="0 0 32 32"
            width="28"
            height="28"
            aria-hidden="true"
            className={styles.flame}
          >
            <path d="M16 3c3.5 5.5 9 8 9 14.5a9 9 0 0 1-18 0c0-3.5 1.7-5.7 3.4-7.3.5 2.8 2.2 4 3.4 4-1.1-4.5 0-7.8 2.2-11.2z" />
          </svg>
          <span className={styles.wordmark}>Spellboard</span>
        </Link>
        <div className={styles.end}>
          <ul className={styles.account}>
            {session ? (
              <>
                <li>
                  <HeaderLink to="/players/me/" pathname={pathname}>
                    {/* One inline run, so the link's name reads 'name#badge' without a gap; a
                      long name is cut short on screen (in full on hover). */}
                    <span className={styles.who} title={`${session.username}#${session.badge}`}>
                      {session.username}
                      <span className={styles.badge}>#{session.badge}</span>
                    </span>
                  </HeaderLink>
                </li>
                <li>
                  <HeaderLink to="/decks/mine/" pathname={pathname}>
                    My decks
                  </HeaderLink>
                </li>
                <li>
                  <button type="button" className={styles.linkButton} onClick={() => void logOut()}>
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <HeaderLink to="/log-in/" pathname={pathname}>
                    Log in
                  </HeaderLink>
                </li>
                <li>
                  <HeaderLink to="/players/new/" pathname={pathname}>
                    Sign up
                  </HeaderLink>
                </li>
              </>
            )}
          </ul>
          {/* Beside the account links, or on a phone in the first row, beside Decks and Cards. */}
          {session && deckAction ? <div className={styles.deckAction}>{deckAction}</div> : null}
        </div>
      </nav>
      {tall ? (
        <p className={styles.tagline}>
          Cards, decks and discussion for Ashes Reborn and Ashes Legacy
        </p>
      ) : null}
    </header>
  )
}
