import { safeHttpUrl } from '@spellboard/core/card-text'
import { type ComponentProps, type ReactNode, useMemo } from 'react'
import Markdown, { type Components } from 'react-markdown'
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import styles from './card-text.module.css'
import { GameIcon } from './game-icon.tsx'
import { InlineToken } from './inline-token.tsx'
import { type EffectKind, prepareMarkup, remarkCardText } from './remark-card-text.ts'

// GitHub's sanitising schema plus the three elements our plugin emits. Everything else from the
// markdown tree passes the same allow-list, and links and images keep http(s) only.
const SCHEMA = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'sbtoken', 'sbeffects', 'sbeffect'],
  attributes: {
    ...defaultSchema.attributes,
    sbtoken: ['dataIndex'],
    sbeffects: ['dataKind'],
    sbeffect: ['dataKind'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https'], src: ['http', 'https'] },
}

const EFFECT_LABELS: Record<EffectKind, string> = {
  inexhaustible: 'Inexhaustible effect',
  reaction: 'Reaction effect',
}

const EXTERNAL_REL = 'nofollow ugc noopener noreferrer'

function effectKind(value: unknown): EffectKind {
  return value === 'reaction' ? 'reaction' : 'inexhaustible'
}

type MarkupProps = {
  text: string | null | undefined
  /** Card names link to Legacy cards (Legacy card text, Legacy decks). */
  legacy?: boolean
  className?: string
}

function Markup({ text, legacy = false, className, effects }: MarkupProps & { effects: boolean }) {
  const { source, tokens } = useMemo(() => prepareMarkup(text ?? ''), [text])
  const components = useMemo(() => {
    const map = {
      sbtoken: (props: { 'data-index'?: string }) => {
        const token = tokens[Number(props['data-index'])]
        return token ? <InlineToken token={token} legacy={legacy} /> : null
      },
      sbeffects: (props: { 'data-kind'?: string; children?: ReactNode }) => (
        <div className={styles[effectKind(props['data-kind'])]}>{props.children}</div>
      ),
      sbeffect: (props: { 'data-kind'?: string; children?: ReactNode }) => {
        const kind = effectKind(props['data-kind'])
        return (
          <div className={styles.effect}>
            <GameIcon icon={kind} label={EFFECT_LABELS[kind]} className={styles.effectIcon} />
            <div className={styles.effectBody}>{props.children}</div>
          </div>
        )
      },
      a: ({ href, children }: ComponentProps<'a'>) => {
        const url = href ? safeHttpUrl(href) : null
        return url ? (
          <a href={url} rel={EXTERNAL_REL} target="_blank">
            {children}
          </a>
        ) : (
          <span>{children}</span>
        )
      },
      img: ({ src, alt }: ComponentProps<'img'>) => {
        const url = typeof src === 'string' ? safeHttpUrl(src) : null
        return url ? (
          <img src={url} alt={alt ?? ''} loading="lazy" className={styles.inlineImage} />
        ) : null
      },
    }
    return map as Components
  }, [tokens, legacy])

  if (!source.trim()) return null
  return (
    <div className={className ? `${styles.markup} ${className}` : styles.markup}>
      <Markdown
        remarkPlugins={[
          [remarkGfm, { singleTilde: false }],
          [remarkCardText, { effects }],
        ]}
        rehypePlugins={[[rehypeSanitize, SCHEMA]]}
        components={components}
        urlTransform={(url) => safeHttpUrl(url) ?? ''}
      >
        {source}
      </Markdown>
    </div>
  )
}

/** A card's effect text: ability names in bold, inexhaustible and reaction effects boxed. */
export function CardText(props: MarkupProps) {
  return <Markup {...props} effects />
}

/** Free text with card markup: deck and profile descriptions, comments. */
export function RichText(props: MarkupProps) {
  return <Markup {...props} effects={false} />
}
