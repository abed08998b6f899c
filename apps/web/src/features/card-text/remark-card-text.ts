import { type CardTextToken, tokenizeCardText } from '@spellboard/core/card-text'

// Private-use characters mark where a `[[…]]` code or divider was, so markdown parsing cannot
// split or reinterpret a code (a `*` in an image URL, a `-` in a divider). Input never keeps them.
const OPEN = '\uE000'
const CLOSE = '\uE001'
const MARKER = /\uE000(\d+)\uE001/g
const MARKER_CHARS = /[\uE000\uE001]/g

/**
 * Markup ready for the markdown parser: codes replaced by markers (their tokens kept aside) and
 * `~ ` lines turned into ordered-list lines, which markdown knows.
 */
export function prepareMarkup(text: string): { source: string; tokens: CardTextToken[] } {
  const clean = text.replace(MARKER_CHARS, '').replace(/\r\n?/g, '\n')
  const tokens = tokenizeCardText(clean)
  const source = tokens
    .map((token, index) => (token.kind === 'text' ? token.text : `${OPEN}${index}${CLOSE}`))
    .join('')
    .replace(/^([ \t]*(?:>[ \t]*)*)~[ \t]+/gm, '$11. ')
  return { source, tokens }
}

/**
 * Markdown constructs our markup does not have. Without them, `<b>`, `&amp;`, indented lines,
 * `# x` and `[x](y)` read as the plain text people typed, and no raw HTML exists to sanitise.
 */
const DISABLED_CONSTRUCTS = [
  'htmlFlow',
  'htmlText',
  'characterReference',
  'codeIndented',
  'codeFenced',
  'codeText',
  'headingAtx',
  'setextUnderline',
  'thematicBreak',
  'definition',
  'labelStartLink',
  'labelStartImage',
  'table',
  'tasklistCheck',
  'emailAutolink',
  'autolink',
  'gfmFootnoteDefinition',
  'gfmFootnoteCall',
  'gfmPotentialFootnoteCall',
]

type MdNode = {
  type: string
  value?: string
  ordered?: boolean | null
  children?: MdNode[]
  data?: { hName?: string; hProperties?: Record<string, string> }
}

export type EffectKind = 'inexhaustible' | 'reaction'

// An ability name opening an effect paragraph ("Focus 1:", "Respark:"), followed by text or a code.
const ABILITY_NAME = /^([A-Za-z][A-Za-z0-9 '’]*:)(?=[ \t]+(?:\w|\uE000))/

function boldAbilityName(paragraph: MdNode) {
  const first = paragraph.children?.[0]
  if (first?.type !== 'text' || !first.value) return
  const match = ABILITY_NAME.exec(first.value)
  if (!match?.[1]) return
  const name = match[1]
  paragraph.children?.splice(
    0,
    1,
    { type: 'strong', children: [{ type: 'text', value: name }] },
    { type: 'text', value: first.value.slice(name.length) },
  )
}

/** Splits text at markers and line breaks into text, `break` and code nodes. */
function splitText(node: MdNode): MdNode[] {
  const value = node.value ?? ''
  if (!value.includes(OPEN) && !value.includes('\n')) return [node]
  const parts: MdNode[] = []
  const pushText = (text: string) => {
    text.split('\n').forEach((line, index) => {
      if (index > 0) parts.push({ type: 'break' })
      if (line) parts.push({ type: 'text', value: line })
    })
  }
  let cursor = 0
  for (const match of value.matchAll(MARKER)) {
    pushText(value.slice(cursor, match.index))
    cursor = match.index + match[0].length
    parts.push({
      type: 'cardCode',
      data: { hName: 'sbtoken', hProperties: { dataIndex: match[1] ?? '' } },
    })
  }
  pushText(value.slice(cursor))
  return parts
}

function transform(node: MdNode, effects: boolean) {
  if (effects && node.type === 'paragraph') boldAbilityName(node)
  if (effects && node.type === 'list') {
    // Card effects: `* ` items are inexhaustible effects, `~ ` items reaction effects.
    const kind: EffectKind = node.ordered ? 'reaction' : 'inexhaustible'
    node.type = 'effectBox'
    node.data = { hName: 'sbeffects', hProperties: { dataKind: kind } }
    for (const item of node.children ?? []) {
      item.type = 'effect'
      item.data = { hName: 'sbeffect', hProperties: { dataKind: kind } }
    }
  }
  if (!node.children) return
  const children: MdNode[] = []
  for (const child of node.children) {
    // Defensive: raw HTML cannot be parsed (its constructs are off), but if a node ever appears
    // it is shown as the text that was typed.
    if (child.type === 'html') children.push({ type: 'text', value: child.value ?? '' })
    else children.push(child)
  }
  node.children = children.flatMap((child) => (child.type === 'text' ? splitText(child) : [child]))
  for (const child of node.children) transform(child, effects)
}

// The slice of unified's processor the plugin touches (micromark syntax extensions).
type Processor = { data: () => unknown }

/**
 * Remark plugin: our markup dialect on top of markdown + GFM. Turns code markers back into
 * `sbtoken` elements (rendered from the tokens), single newlines into line breaks and, for card
 * effects, ability names into bold and lists into effect boxes.
 */
export function remarkCardText(this: Processor, options: { effects: boolean }) {
  const data = this.data() as { micromarkExtensions?: unknown[] }
  data.micromarkExtensions ??= []
  data.micromarkExtensions.push({ disable: { null: DISABLED_CONSTRUCTS } })
  return (tree: MdNode) => transform(tree, options.effects)
}
