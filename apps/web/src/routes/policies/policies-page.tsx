import { Link } from 'react-router'
import { Prose } from '../../components/ui/prose.tsx'

/** Anchors other screens link to (the comment form links to the comments section). */
export const POLICY_ANCHORS = {
  comments: 'comments',
  decks: 'decks',
  moderation: 'moderation',
} as const

export function PoliciesPage() {
  return (
    <Prose>
      <h1>Content policies</h1>
      <p>
        Spellboard is a shared space for players of every age. These rules cover everything you
        write here: comments, deck titles and descriptions, and your profile. They are short on
        purpose; when in doubt, be kind.
      </p>

      <h2 id={POLICY_ANCHORS.comments}>Comments</h2>
      <p>Comments on cards and decks are for discussing the game. Please:</p>
      <ul>
        <li>Stay on topic: strategy, rules questions, card interactions, deck feedback.</li>
        <li>
          Criticise decks and ideas, never people. No insults, harassment, slurs or personal
          attacks.
        </li>
        <li>
          Keep it family-friendly: no sexual content, graphic violence or profanity, including in
          linked images.
        </li>
        <li>No spam, advertising, or links to pirated or unofficial copies of the game.</li>
        <li>Do not post anyone's personal information, including your own.</li>
        <li>
          Mark rules answers you are not sure of as such, and point to the rulebook where you can.
        </li>
      </ul>

      <h2 id={POLICY_ANCHORS.decks}>Decks and profiles</h2>
      <ul>
        <li>
          Deck titles, descriptions, usernames and profile descriptions follow the same rules as
          comments. Usernames in particular should be suitable for kids.
        </li>
        <li>
          Publish decks you built or have the right to share. Credit other players when your deck is
          based on theirs.
        </li>
        <li>
          Private decks and share links are yours: please do not post someone else's share link
          publicly unless they have published the deck.
        </li>
      </ul>

      <h2 id={POLICY_ANCHORS.moderation}>Moderation</h2>
      <p>
        Moderators may remove comments that break these rules; a removed comment reads 'Deleted by
        moderator.' in place of its text. Repeated or serious breaches can lead to an account being
        banned. If you see something that breaks these rules, or you think a moderator got it wrong,
        let us know through the community channels listed on the{' '}
        <Link to="/#community">home page</Link>.
      </p>
    </Prose>
  )
}
