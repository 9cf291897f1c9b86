import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_USERS, renderWithApp } from '../../../test/render';
import { type RequestRule, scriptedClient } from '../../../test/scripted-client';
import { openAuthDialog } from './auth-dialog-store';

async function openSignInFromHeader(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open account panel' }));
  const panel = await screen.findByRole('dialog', { name: 'Your account' });
  expect(within(panel).getByText('Guest User')).toBeTruthy();
  await user.click(within(panel).getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('dialog', { name: 'Sign In' });
}

/** Signs in from the header's account panel at `route`, with requests following `rules`. */
async function signInAs(username: string, password: string, route: string, rules: RequestRule[] = []) {
  const rendered = renderWithApp(undefined, { route, client: scriptedClient(rules).client });
  const dialog = await openSignInFromHeader(rendered.user);
  await rendered.user.type(within(dialog).getByRole('textbox', { name: 'Username' }), username);
  await rendered.user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), password);
  await rendered.user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  return { ...rendered, dialog };
}

/** Fills Sign Up for sita and sends it, with requests following `rules`. */
async function signUp(rules: RequestRule[]) {
  const { user } = renderWithApp(undefined, { route: '/', client: scriptedClient(rules).client });
  await screen.findByRole('button', { name: 'Open account panel' });
  act(() => openAuthDialog('signUp'));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'sita@example.com');
  await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'sita');
  await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Secret123!');
  await user.type(within(dialog).getByLabelText('Confirm password', { selector: 'input' }), 'Secret123!');
  await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
  return { user, dialog };
}

describe('Sign In', () => {
  it('stores token, role and user id and sends an Admin to /admin', async () => {
    const { location } = await signInAs('admin', 'secret', '/books');

    await waitFor(() => expect(location()).toBe('/admin'));
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(localStorage.getItem('role')).toBe('Admin');
    expect(localStorage.getItem('userId')).toBe(MOCK_USERS.admin.userId);
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
    expect(screen.getByText('Login successful')).toBeTruthy();
  });

  it('keeps a customer on the page and shows the server message', async () => {
    const { location } = await signInAs('sita', 'secret', '/contact');

    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/contact'));
    expect(localStorage.getItem('role')).toBe('User');
    expect(localStorage.getItem('userId')).toBe(MOCK_USERS.customer.userId);
  });

  it('shows Failed to Login and the server reply on a wrong password, keeping what was typed', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    const dialog = await openSignInFromHeader(user);
    const username = within(dialog).getByRole('textbox', { name: 'Username' }) as HTMLInputElement;
    const password = within(dialog).getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    await user.type(username, 'sita');
    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect(await within(dialog).findByText('Failed to Login')).toBeTruthy();
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(username.value).toBe('sita');
    expect(password.value).toBe('wrong');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('requires username and password', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    const dialog = await openSignInFromHeader(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(within(dialog).getByText('Username is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Username' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('links to Sign Up and back, keeping focus in the dialog on the new first field', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    const dialog = await openSignInFromHeader(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign Up' });
    // The clicked link is gone with the Sign In form; focus must not drop to <body>.
    await waitFor(() => expect(document.activeElement).toBe(within(signUp).getByRole('textbox', { name: 'Email' })));
    await user.click(within(signUp).getByRole('button', { name: 'Sign in' }));
    const signIn = screen.getByRole('dialog', { name: 'Sign In' });
    await waitFor(() => expect(document.activeElement).toBe(within(signIn).getByRole('textbox', { name: 'Username' })));
    // So Escape still reaches the dialog and focus goes back to the header's account button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open account panel' }));
  });

  it('puts focus on the first field that needs fixing', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    const dialog = await openSignInFromHeader(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'sita');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Password', { selector: 'input' }));
  });
});

describe('Sign In when the server says nothing', () => {
  it("falls back to 'Login successful !!!!!' for a reply without a message", async () => {
    const reply = {
      status: 'success',
      statusCode: 200,
      message: '',
      token: 'token-sita',
      user: { id: MOCK_USERS.customer.userId, username: 'sita', email: 'sita@example.com', role: 'User' },
    };
    await signInAs('sita', 'secret', '/contact', [{ method: 'POST', path: /\/auth\/login$/, respond: () => Response.json(reply) }]);

    expect(await screen.findByText('Login successful !!!!!')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('token-sita');
  });
});

describe('Sign Up', () => {
  it('validates required fields and the e-mail shape', async () => {
    const { user } = renderWithApp(undefined, { route: '/' });
    await screen.findByRole('button', { name: 'Open account panel' });
    act(() => openAuthDialog('signUp'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Username is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(within(dialog).getByText('Please confirm your password')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'sita@');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Email' }));
    expect(within(dialog).queryByText('Email is required')).toBeNull();
  });

  it('opens Verify Email after registering, which requires the code and then opens Sign In', async () => {
    const { user } = await signUp([]);

    const verify = await screen.findByRole('dialog', { name: 'Verify Email' });
    const code = within(verify).getByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(within(verify).getByText('Verification code is required')).toBeTruthy();
    expect(document.activeElement).toBe(code);

    await user.type(within(verify).getByRole('textbox', { name: 'Verification code' }), '12345');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('account failures without a server message', () => {
  it("says 'Registration failed. Please try again.' when registering gets no answer", async () => {
    const { dialog } = await signUp([{ method: 'POST', path: /\/Auth\/register$/, offline: true }]);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Registration failed. Please try again.');
    expect(screen.queryByRole('dialog', { name: 'Verify Email' })).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('sita@example.com');
  });

  it.each([
    ['code=400', 'a refused code', 'Verification failed. Please try again.'],
    // Too many tries: the server's own text (try again later), not "the code is wrong".
    ['code=429', 'too many tries', 'Too many attempts. Please try again later.'],
  ])('answers %s (%s) with %j, and keeps the code typed', async (prefer, _what, message) => {
    const { user } = await signUp([{ method: 'PUT', path: /\/auth\/verify$/, prefer }]);
    const verify = await screen.findByRole('dialog', { name: 'Verify Email' });
    await user.type(within(verify).getByRole('textbox', { name: 'Verification code' }), '99999');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));

    expect((await within(verify).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
    expect((within(verify).getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement).value).toBe('99999');
  });
});
