import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DemoNotice } from './demo-notice.tsx'

/** The block the server writes into index.html. */
function configBlock(json: string) {
  const element = document.createElement('script')
  element.id = 'spellboard-config'
  element.type = 'application/json'
  element.textContent = json
  document.head.append(element)
}

describe('the demo notice of the home page', () => {
  afterEach(() => document.getElementById('spellboard-config')?.remove())

  it('tells, while the catalogue is the demo set, that the cards are not real and how to load them', () => {
    configBlock('{"apiUrl":"","cdnUrl":"","catalogue":"demo"}')
    render(<DemoNotice />)
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent('These are demo cards, not the real game.')
    expect(notice).toHaveTextContent(
      'npm run import -- --from https://api.ashes.live where the site is installed ' +
        '(stop the server first on the embedded database)',
    )
  })

  it.each([
    ['a real catalogue', '{"apiUrl":"","cdnUrl":""}'],
    ['a broken block', '{"catalogue":'],
    ['another value', '{"catalogue":"real"}'],
  ])('says nothing for %s', (_, json) => {
    configBlock(json)
    const { container } = render(<DemoNotice />)
    expect(container).toBeEmptyDOMElement()
  })

  it('says nothing without a block (the app served from elsewhere)', () => {
    const { container } = render(<DemoNotice />)
    expect(container).toBeEmptyDOMElement()
  })
})
