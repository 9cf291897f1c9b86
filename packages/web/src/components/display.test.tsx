import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';
import { Price } from './price';
import { StarRating, StarRatingInput } from './star-rating';

function PagerHarness({ total, disabled }: { total: number; disabled?: boolean }) {
  const [page, setPage] = useState(5);
  return <Pager page={page} totalPages={total} onPageChange={setPage} disabled={disabled} showEnds />;
}

describe('Pager', () => {
  it('shows five numbers around the current page with first, last and ellipses', () => {
    render(<PagerHarness total={10} />);
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(numbers).toEqual(['1', '3', '4', '5', '6', '7', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('disables Previous on the first page and Next on the last', async () => {
    const user = userEvent.setup();
    render(<PagerHarness total={10} />);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
  });

  it('disables everything while loading', () => {
    render(<PagerHarness total={10} disabled />);
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<PagerHarness total={1} />);
    expect(container.textContent).toBe('');
  });
});

describe('Price', () => {
  // The server's figures as sent: 799.99 is not 20 % off 1000, and is what shows.
  const deal = { listPrice: 1000, unitPrice: 799.99, dealRunning: true, dealPercent: 20 };

  it("shows the server's unit price and the struck list price while a deal runs", () => {
    const { container } = render(<Price pricing={deal} showPercent />);
    expect(container.textContent).toContain('Rs. 799.99');
    expect(container.querySelector('s')?.textContent).toContain('Rs. 1,000.00');
    expect(container.textContent).toContain('-20%');
  });

  it('shows only the unit price when no deal runs', () => {
    const { container } = render(<Price pricing={{ ...deal, unitPrice: 1000, dealRunning: false, dealPercent: 0 }} />);
    expect(container.textContent).toBe('Rs. 1,000.00');
  });
});

describe('StarRating', () => {
  it('announces the rating', () => {
    render(<StarRating value={4.5} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
  });

  it('lets the user pick stars as radios', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [stars, setStars] = useState<number | null>(null);
      return <StarRatingInput label="Your rating" value={stars} onChange={setStars} error={stars ? undefined : 'Please select a rating'} />;
    }
    render(<Harness />);
    expect(screen.getByText('Please select a rating')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Please select a rating')).toBeNull();
  });
});
