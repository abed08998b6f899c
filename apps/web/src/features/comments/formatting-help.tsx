import { useMemo } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { RichText } from '../card-text/card-text.tsx'
import styles from './formatting-help.module.css'

type Example = { name: string; code: string }

/** Every formatting a comment supports, each shown as typed and as it will read. */
function examples(origin: string): Example[] {
  return [
    { name: 'Bold', code: '**Bold text**' },
    { name: 'Italic', code: '*Italic text*' },
    { name: 'Card link', code: '[[Hammer Knight]]' },
    {
      name: 'Dice and actions',
      code: '[[main]] - 1 [[charm:class]] - 2 [[charm:power]] - [[basic]]',
    },
    { name: 'Exhaust and discard', code: '[[side]] - [[exhaust]] - [[discard]]' },
    { name: 'Link', code: '[[Ashes rules https://www.plaidhatgames.com/]]' },
    { name: 'Image', code: `[[*${origin}/favicon.svg]]` },
    { name: 'Unordered list', code: '* Unordered item 1\n* Unordered item 2' },
    { name: 'Ordered list', code: '~ Ordered item 1\n~ Ordered item 2' },
    { name: 'Quote', code: '> Quoted text' },
  ]
}

/** The comment formatting guide: the markup on the left, the result on the right. */
export function FormattingHelp({
  open,
  onClose,
  legacy = false,
}: {
  open: boolean
  onClose: () => void
  legacy?: boolean
}) {
  const list = useMemo(() => examples(window.location.origin), [])
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Comment formatting"
      size="lg"
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p className={styles.intro}>
        Write card names in double brackets to link them; dice, actions and images use the same
        brackets. A blank line starts a new paragraph.
      </p>
      <dl className={styles.examples}>
        {list.map((example) => (
          <div key={example.name} className={styles.example}>
            <dt className={styles.name}>{example.name}</dt>
            <dd className={styles.code}>
              <pre>{example.code}</pre>
            </dd>
            <dd className={styles.result}>
              <RichText text={example.code} legacy={legacy} />
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
