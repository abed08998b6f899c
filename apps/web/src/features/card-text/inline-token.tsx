import { type CardTextToken, tokenizeCardText } from '@spellboard/core/card-text'
import { CardLink } from '../card-link/card-link.tsx'
import styles from './card-text.module.css'
import { GameIcon } from './game-icon.tsx'

const EXTERNAL_REL = 'nofollow ugc noopener noreferrer'

/**
 * One token of card markup as React elements. URLs in link and image tokens were checked by the
 * tokenizer (http and https only) and React escapes every attribute, so nothing here can inject.
 */
export function InlineToken({ token, legacy }: { token: CardTextToken; legacy: boolean }) {
  switch (token.kind) {
    case 'text':
      return token.text
    case 'icon':
      return <GameIcon icon={token.icon} label={token.label} die={token.die} />
    case 'card':
      return <CardLink card={{ name: token.name, stub: token.stub }} legacy={legacy} />
    case 'link':
      return (
        <a href={token.url} rel={EXTERNAL_REL} target="_blank">
          {token.text}
        </a>
      )
    case 'image':
      return (
        <a
          href={token.url}
          rel={EXTERNAL_REL}
          target="_blank"
          className={styles.imageLink}
          aria-label="Open in full size"
        >
          <img src={token.url} alt="" loading="lazy" className={styles.inlineImage} />
        </a>
      )
    case 'emphasis':
      return <em>{token.text}</em>
    case 'divider':
      return (
        <span className={styles.divider}>
          <span className="visually-hidden">-</span>
        </span>
      )
  }
}

/** Markup without block structure (cost entries): tokens in a row. */
export function InlineMarkup({ text, legacy = false }: { text: string; legacy?: boolean }) {
  return tokenizeCardText(text).map((token, index) => (
    // Tokens of a fixed string never move, so their position is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <InlineToken key={index} token={token} legacy={legacy} />
  ))
}
