import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from './pagination.tsx'

describe('Pagination', () => {
  it('shows the page and disables what cannot be reached', async () => {
    const user = userEvent.setup({ delay: null })
    const onPageChange = vi.fn()
    render(<Pagination page={1} pageCount={3} onPageChange={onPageChange} />)
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenCalledWith(2)
  })

  it('renders links when pages live in the address', () => {
    render(
      <MemoryRouter>
        <Pagination page={2} pageCount={2} hrefForPage={(page) => `?page=${page}`} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/?page=1')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it.each([0, 1])('reads Page 1 of 1 without buttons when there are %i pages', (pageCount) => {
    render(
      <MemoryRouter>
        <Pagination page={1} pageCount={pageCount} hrefForPage={(page) => `?page=${page}`} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('navigation')).toHaveTextContent(/^Page 1 of 1$/)
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
  })

  it('renders nothing on a single page when asked to', () => {
    const { container } = render(
      <MemoryRouter>
        <Pagination
          page={1}
          pageCount={1}
          hrefForPage={(page) => `?page=${page}`}
          single="nothing"
        />
      </MemoryRouter>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
