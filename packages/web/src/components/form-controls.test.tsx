import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './form-fields';
import { PasswordField } from './form-controls';
import { QuantityStepper } from './quantity-stepper';

describe('TextField', () => {
  it('links its label, hint and inline error', () => {
    render(<TextField label="Email" hint="We never share it" error="Enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Enter a valid email address', 'We never share it']);
  });
});

describe('PasswordField', () => {
  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});

function Stepper({ max }: { max?: number }) {
  const [value, setValue] = useState(1);
  return <QuantityStepper value={value} onChange={setValue} max={max} />;
}

describe('QuantityStepper', () => {
  it('never goes below 1', async () => {
    const user = userEvent.setup();
    render(<Stepper />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('3');
    await user.click(minus);
    expect(input.value).toBe('2');
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input.value).toBe('1');
  });

  it('stops at max', async () => {
    const user = userEvent.setup();
    render(<Stepper max={2} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    await user.click(plus);
    expect(plus.disabled).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
  });
});
