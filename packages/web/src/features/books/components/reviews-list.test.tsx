import { type Review } from '@pustak/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { ReviewsList } from './reviews-list';

const review = (n: number): Review => ({
  reviewId: `7a110000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  bookId: '0f0e0000-0000-4000-8000-000000000003',
  username: `reader${n}`,
  stars: (n % 5) + 1,
  comment: `Comment number ${n}`,
});

describe('ReviewsList', () => {
  it('shows only the first five reviews', () => {
    renderWithApp(<ReviewsList reviews={[1, 2, 3, 4, 5, 6, 7].map(review)} error={undefined} onRetry={() => undefined} />);
    const items = within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^reader/).textContent)).toEqual([
      'reader1',
      'reader2',
      'reader3',
      'reader4',
      'reader5',
    ]);
    expect(within(items[0]!).getByRole('img', { name: 'Rated 2 out of 5' })).toBeTruthy();
  });

  it("says 'No reviews yet.' for an empty list", () => {
    renderWithApp(<ReviewsList reviews={[]} error={undefined} onRetry={() => undefined} />);
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
  });
});
