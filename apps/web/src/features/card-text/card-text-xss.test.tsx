import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { CardText, RichText } from './card-text.tsx'

// Hostile input as it could arrive in a comment, a deck description or imported card text.
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=5 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<div <script>broken',
  '<!-- <img src=x onerror=alert(1)> -->',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click]( javascript:alert(1) )',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/a.png" onerror="alert(1))',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '[[click javascript:alert(1)]]',
  '[[click data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==]]',
  '[[*javascript:alert(1)]]',
  '[[*data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+]]',
  '[[*https://example.org/a.png" onerror="alert(1)]]',
  '[[x https://example.org/"><script>alert(1)</script>]]',
  '[[<img src=x onerror=alert(1)>]]',
  '[[Card" onmouseover="alert(1)]]',
  'javascript:alert(1)',
  'https://example.org/"onmouseover="alert(1)',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#106;avascript:alert(1)',
  '\uE0000\uE001 marker characters typed by hand \uE000999\uE001',
  '* <img src=x onerror=alert(1)>\n~ <script>alert(1)</script>\n> <iframe>',
  '**<b onclick=alert(1)>bold</b>**',
  '```\n<script>alert(1)</script>\n```',
  '    <script>alert(1)</script>',
  '| a |\n|---|\n| <script>alert(1)</script> |',
  '- [ ] <input onfocus=alert(1) autofocus>',
]

const SAFE_URL = /^(https?:\/\/|\/cards\/)/

function assertInert(container: HTMLElement) {
  for (const tag of ['script', 'iframe', 'style', 'object', 'embed', 'form', 'input', 'math']) {
    expect(container.querySelector(tag), `<${tag}> rendered`).toBeNull()
  }
  // Our own icons are SVG; any other SVG came from the input.
  for (const svg of container.querySelectorAll('svg')) {
    expect(svg.getAttribute('data-icon'), 'foreign <svg> rendered').not.toBeNull()
  }
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.localName}>`).toBe(
        false,
      )
      expect(attribute.name, 'inline style').not.toBe('style')
    }
  }
  for (const link of container.querySelectorAll('a')) {
    expect(link.getAttribute('href') ?? '').toMatch(SAFE_URL)
  }
  for (const image of container.querySelectorAll('img')) {
    expect(image.getAttribute('src') ?? '').toMatch(/^https?:\/\//)
  }
  for (const use of container.querySelectorAll('use')) {
    expect(use.getAttribute('href') ?? '').toContain('sprite.svg')
  }
}

describe.each([
  ['CardText', CardText],
  ['RichText', RichText],
])('%s with hostile input', (_, Component) => {
  it.each(CORPUS)('%s', (input) => {
    const { container } = renderWithProviders(<Component text={input} />)
    assertInert(container)
  })

  it('shows typed HTML as text rather than dropping it', () => {
    const { container } = renderWithProviders(<Component text="<b>not bold</b>" />)
    expect(container.querySelector('b')).toBeNull()
    expect(container).toHaveTextContent('<b>not bold</b>')
  })

  it('never lets typed marker characters reach a card code', () => {
    const { container } = renderWithProviders(<Component text={'a \uE0000\uE001 b'} />)
    expect(container).toHaveTextContent('a 0 b')
  })
})
