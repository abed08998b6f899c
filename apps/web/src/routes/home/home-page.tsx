import { Link } from 'react-router'
import { runtimeConfig } from '../../api/runtime-config.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { Prose } from '../../components/ui/prose.tsx'
import { DemoNotice } from './demo-notice.tsx'
import { DiceReference } from './dice-reference.tsx'
import styles from './home-page.module.css'

/**
 * The rules documents, on the content host beside the card images (`CDN_URL`, paths as the
 * Ashes.live content host lays them out). A site started without one links them where the
 * community keeps them, so the links work on a first start with no configuration.
 */
const COMMUNITY_CONTENT_HOST = 'https://cdn.ashes.live'

const RULES_DOCUMENTS = [
  { file: 'files/ashes-reborn-rules.pdf', title: 'Ashes Reborn rulebook' },
  { file: 'files/ashes-reborn-faq.pdf', title: 'Ashes Reborn FAQ' },
  {
    file: 'files/ashes-red-rains-rules.pdf',
    title: 'Red Rains rules (player vs. environment)',
  },
  {
    file: 'files/ashes-red-rains-combined-rules.pdf',
    title: 'Exhaustive Red Rains rules',
  },
] as const

const LEGACY_DOCUMENTS = [
  {
    file: 'legacy/files/ashes-core-rules.pdf',
    title: 'Ashes: Rise of the Phoenixborn rulebook (Legacy)',
  },
  { file: 'legacy/files/ashes-rules-reference.pdf', title: 'Legacy rules reference' },
] as const

const documentUrl = (file: string) => `${runtimeConfig.cdnUrl || COMMUNITY_CONTENT_HOST}/${file}`

export function HomePage() {
  return (
    <Prose className={styles.home}>
      <h1>Welcome to Spellboard</h1>
      <DemoNotice />
      <p className={styles.lead}>
        Spellboard is a card database and deck builder for Ashes, the dueling card game of
        Phoenixborn mages and their dice. Look up any card, browse the decks other players have
        published, and build, save and share your own.
      </p>
      <p className={styles.quick}>
        <Link to="/cards/" className={buttonClass({ variant: 'primary' })}>
          Browse cards
        </Link>
        <Link to="/decks/" className={buttonClass()}>
          Browse decks
        </Link>
      </p>

      <h2 id="editions">The game and its editions</h2>
      <p>
        Ashes: Rise of the Phoenixborn was designed by Isaac Vega and published by Plaid Hat Games
        in 2015. Each player is a Phoenixborn, a mage who brings a deck of thirty cards, a
        spellboard of ready spells and ten dice of chosen magic types to the table. Dice are rolled
        each round and spent to summon allies, cast spells and meditate on cards for new dice.
      </p>
      <p>
        A long run of expansion decks followed, each introducing a new Phoenixborn with their unique
        cards and, in some, a new magic type. Fans kept adding to the game too, and the original
        edition now lives on as <strong>Ashes Legacy</strong>: its cards, rules and decks are
        preserved here, read-only.
      </p>
      <p>
        Plaid Hat Games later relaunched the game as <strong>Ashes Reborn</strong>, with a revised
        rulebook, a Master Set in place of the original Core Set and updated versions of the
        expansion decks. Reborn is the edition most players use today and the one Spellboard builds
        decks for. Its <strong>Red Rains</strong> expansions add cooperative play, in which players
        team up against the Chimera; Red Rains decks have their own lists here.
      </p>

      <h2 id="rules">Rules</h2>
      <p>Download the current rules as PDF files:</p>
      <ul>
        {RULES_DOCUMENTS.map((document) => (
          <li key={document.file}>
            <a href={documentUrl(document.file)}>{document.title}</a>{' '}
            <span className={styles.format}>(PDF)</span>
          </li>
        ))}
      </ul>

      <h2 id="dice">Dice</h2>
      <p>
        Every magic type has its own dice, and the colours follow the physical dice. Each die shows
        basic symbols, the type's class symbol and its rarer power symbol; basic costs can be paid
        with any die. Most card costs in Spellboard use these colours and names.
      </p>
      <DiceReference />

      <h2 id="new-players">New to Ashes?</h2>
      <ul>
        <li>
          Start with the <a href={documentUrl(RULES_DOCUMENTS[0].file)}>Ashes Reborn rulebook</a>,
          which walks you through a first game, or the{' '}
          <a href="https://wiki.ashes.live/books/rulebook">community rulebook wiki</a>, the same
          rules arranged for looking things up.
        </li>
        <li>
          Play a <Link to="/decks/preconstructed/">preconstructed deck</Link>: each Phoenixborn
          release comes with a ready-to-play deck, designed to be played against the others.
        </li>
        <li>
          Read through the <Link to="/cards/">card list</Link>, filtered by the magic types you
          like, and open any card to see which decks use it.
        </li>
        <li>
          When you are ready to build, <Link to="/players/new/">create an account</Link>: decks are
          private until you publish them, and you can share a private link with friends at any time.
        </li>
      </ul>

      <h2 id="legacy">Legacy resources</h2>
      <ul>
        <li>
          <Link to="/cards/legacy/">Legacy card list</Link>, including fan-made cards (marked with a
          dagger)
        </li>
        <li>
          <Link to="/decks/legacy/">Legacy decks</Link> published for the original edition
        </li>
        {LEGACY_DOCUMENTS.map((document) => (
          <li key={document.file}>
            <a href={documentUrl(document.file)}>{document.title}</a>{' '}
            <span className={styles.format}>(PDF)</span>
          </li>
        ))}
        <li>
          <Link to="/phoenix/">Project Phoenix</Link>, the community effort behind new Legacy
          content
        </li>
      </ul>

      <h2 id="community">Community</h2>
      <ul>
        <li>
          <a href="https://www.plaidhatgames.com/">Plaid Hat Games</a>, the publisher, for news and
          new releases
        </li>
        <li>
          <a href="https://boardgamegeek.com/boardgame/165838/ashes-rise-of-the-phoenixborn">
            BoardGameGeek
          </a>
          , for reviews, rules questions and forums
        </li>
        <li>
          Comment on any card or published deck here; please keep to our{' '}
          <Link to="/policies/">content policies</Link>.
        </li>
      </ul>
    </Prose>
  )
}
