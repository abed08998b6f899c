import { Link } from 'react-router'
import { Prose } from '../../components/ui/prose.tsx'

export function PhoenixPage() {
  return (
    <Prose>
      <h1>Project Phoenix</h1>
      <p>
        Project Phoenix is a fan project that kept the original edition of Ashes growing. When new
        official releases for the first edition came to an end, a group of players set out to
        design, test and publish new Phoenixborn and cards in the same spirit, so that Legacy
        players would still have something new to discover.
      </p>

      <h2 id="what">What it made</h2>
      <p>
        The project's releases are full expansion decks: a new Phoenixborn with their unique cards
        and conjurations, plus cards anyone can play. They follow the Legacy rules and play
        alongside the official Legacy cards.
      </p>
      <p>
        On Spellboard these cards sit in the <Link to="/cards/legacy/">Legacy card list</Link>.
        Because they were not published by Plaid Hat Games, every one of them is marked with a
        dagger (†) after its name, on card pages and in lists, so you always know which cards are
        official.
      </p>

      <h2 id="playing">Playing with fan-made cards</h2>
      <ul>
        <li>Agree with your opponent before the game whether fan-made cards are allowed.</li>
        <li>
          Decks that use them can be published like any other Legacy deck; the dagger shows in the
          deck's card list too.
        </li>
        <li>Fan-made cards are not part of Ashes Reborn and cannot be added to Reborn decks.</li>
      </ul>

      <h2 id="thanks">Thanks</h2>
      <p>
        Project Phoenix was a labour of love by its designers, artists and playtesters. Ashes and
        its Phoenixborn belong to Plaid Hat Games; the fan-made content is shared with the same
        respect for the original game.
      </p>
    </Prose>
  )
}
