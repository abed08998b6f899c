import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { CardText, RichText } from './card-text.tsx'

function renderCardText(text: string, legacy = false) {
  return renderWithProviders(<CardText text={text} legacy={legacy} />).container
}

function renderRichText(text: string) {
  return renderWithProviders(<RichText text={text} />).container
}

describe('CardText', () => {
  it('draws codes as icons named by their type', () => {
    renderCardText(
      '[[main]] - [[exhaust]] - 1 [[charm:class]] [[nature]] [[basic]] [[discard]] [[side]]',
    )
    for (const name of [
      'Main action',
      'Exhaust',
      'Charm class',
      'Natural power',
      'Basic magic',
      'Discard',
      'Side action',
    ]) {
      expect(screen.getByRole('img', { name })).toBeInTheDocument()
    }
  })

  it('links card names to the card of the same edition', () => {
    renderCardText('Place a [[Butterfly Monk]] conjuration.')
    expect(screen.getByRole('link', { name: 'Butterfly Monk' })).toHaveAttribute(
      'href',
      '/cards/butterfly-monk/',
    )
  })

  it('links card names in Legacy text to Legacy cards', () => {
    renderCardText("Place an [[Aradel's Favor]].", true)
    expect(screen.getByRole('link', { name: "Aradel's Favor" })).toHaveAttribute(
      'href',
      '/cards/legacy/aradels-favor/',
    )
  })

  it('bolds an ability name at the start of an effect paragraph', () => {
    const container = renderCardText('Focus 1: Reduce the damage.\n\nThen do 1: thing.')
    const bold = [...container.querySelectorAll('strong')].map((node) => node.textContent)
    expect(bold).toEqual(['Focus 1:', 'Then do 1:'])
  })

  it('bolds an ability name that is followed by a cost icon', () => {
    const container = renderCardText('* Respark: 2 [[basic]]')
    expect(container.querySelector('strong')).toHaveTextContent('Respark:')
  })

  it('does not bold a line that ends with its colon', () => {
    const container = renderCardText('This unit now has the following ability:\n\n* Hardened: No.')
    const bold = [...container.querySelectorAll('strong')].map((node) => node.textContent)
    expect(bold).toEqual(['Hardened:'])
  })

  it('does not bold a sentence that merely contains a colon later', () => {
    const container = renderCardText('[[main]]: Deal 1 damage. Note: none.')
    expect(container.querySelector('strong')).toBeNull()
  })

  it('boxes inexhaustible (`* `) and reaction (`~ `) effects', () => {
    renderCardText('Text.\n\n* Inexhaustible one\n\n~ Reaction one\n~ Reaction two')
    expect(screen.getByRole('img', { name: 'Inexhaustible effect' })).toBeInTheDocument()
    expect(screen.getAllByRole('img', { name: 'Reaction effect' })).toHaveLength(2)
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('shows HTML-looking text as typed (a Legacy card writes "<main> or <side>")', () => {
    const container = renderCardText('without paying any <main> or <side> costs')
    expect(container).toHaveTextContent('without paying any <main> or <side> costs')
    expect(container.querySelector('main')).toBeNull()
  })

  it('keeps single line breaks', () => {
    const container = renderCardText('one\ntwo')
    expect(container.querySelectorAll('br')).toHaveLength(1)
  })
})

describe('RichText', () => {
  it('renders paragraphs, lists, quotes and emphasis', () => {
    const container = renderRichText(
      'First **bold** *italic* ***both***\n\n* a\n* b\n\n~ one\n~ two\n\n> quoted',
    )
    expect(container.querySelectorAll('p').length).toBeGreaterThanOrEqual(2)
    expect(container.querySelector('strong')).toHaveTextContent('bold')
    expect(container.querySelector('em')).toHaveTextContent('italic')
    expect(container.querySelector('strong em, em strong')).toHaveTextContent('both')
    expect(container.querySelectorAll('ul > li')).toHaveLength(2)
    expect(container.querySelectorAll('ol > li')).toHaveLength(2)
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted')
  })

  it('turns [[text url]] into a link, [[*url]] into an image and bare URLs into links', () => {
    const container = renderRichText(
      'See [[the rules https://example.org/rules]], [[*https://example.org/a.png]] and https://example.org/bare for more.',
    )
    expect(screen.getByRole('link', { name: 'the rules' })).toHaveAttribute(
      'href',
      'https://example.org/rules',
    )
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://example.org/a.png')
    expect(screen.getByRole('link', { name: 'https://example.org/bare' })).toHaveAttribute(
      'href',
      'https://example.org/bare',
    )
  })

  it('draws the divider glyph for a spaced hyphen only', () => {
    const container = renderRichText('a - b and Three-Eyed Owl')
    expect(container.textContent).toBe('a - b and Three-Eyed Owl')
    expect(container.querySelectorAll('[class*="divider"]')).toHaveLength(1)
  })

  it('keeps list items in lists of the free-text kind (no effect boxes)', () => {
    renderRichText('* a')
    expect(screen.getByRole('list')).toBeInTheDocument()
  })

  it('renders nothing for empty text', () => {
    expect(renderRichText('   ').textContent).toBe('')
  })
})
