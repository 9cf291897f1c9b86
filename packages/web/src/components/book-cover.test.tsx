import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookCover } from './book-cover';

describe('BookCover only loads safe addresses', () => {
  it.each([
    ['https://covers.example.com/karnali.jpg', 'https://covers.example.com/karnali.jpg'],
    ['http://localhost:4010/covers/karnali-blues.svg', 'http://localhost:4010/covers/karnali-blues.svg'],
    ['/covers/karnali-blues.svg', '/covers/karnali-blues.svg'],
  ])('puts %s into the <img>', (src, loaded) => {
    render(<BookCover title="Karnali Blues" src={src} />);
    expect(screen.getByRole('img', { name: 'Karnali Blues' }).getAttribute('src')).toBe(loaded);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'file:///etc/passwd',
    'blob:https://evil.example/0f0e0000',
    'ftp://covers.example.com/karnali.jpg',
  ])('shows the placeholder for %s', (src) => {
    const { container } = render(<BookCover title="Karnali Blues" src={src} />);
    expect(screen.getByRole('img', { name: 'Karnali Blues' }).tagName).toBe('SPAN');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('BookCover loading', () => {
  it('loads a first-row cover at once and first, any other lazily', () => {
    render(
      <>
        <BookCover title="First" src="/covers/first.svg" eager />
        <BookCover title="Later" src="/covers/later.svg" />
      </>,
    );
    const first = screen.getByRole('img', { name: 'First' });
    const later = screen.getByRole('img', { name: 'Later' });
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([later.getAttribute('loading'), later.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });
});
