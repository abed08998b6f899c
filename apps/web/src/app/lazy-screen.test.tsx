import { act, render, screen } from '@testing-library/react'
import { type ComponentType, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyScreen } from './lazy-screen.ts'

function Page() {
  return <p>The screen</p>
}

function renderInSuspense(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Waiting</p>}>
      <Component />
    </Suspense>,
  )
}

describe('lazyScreen', () => {
  it('suspends until its code is here, then shows the screen', async () => {
    let arrive: (component: typeof Page) => void = () => {}
    const screenCode = lazyScreen(() => new Promise((resolve) => (arrive = resolve)))
    renderInSuspense(screenCode.Component)
    expect(screen.getByText('Waiting')).toBeTruthy()
    expect(screenCode.isLoaded()).toBe(false)
    await act(async () => arrive(Page))
    expect(await screen.findByText('The screen')).toBeTruthy()
    expect(screenCode.isLoaded()).toBe(true)
  })

  it('renders in the first pass once preloaded, without showing the fallback', async () => {
    const screenCode = lazyScreen(() => Promise.resolve(Page))
    await screenCode.preload()
    renderInSuspense(screenCode.Component)
    expect(screen.queryByText('Waiting')).toBeNull()
    expect(screen.getByText('The screen')).toBeTruthy()
  })
})
