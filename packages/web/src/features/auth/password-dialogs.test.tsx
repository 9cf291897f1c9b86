// Forgot password from the Sign In dialog, the way back to Verify Email for an unverified
// account, and Change password on the profile page (issue 29, part 1), against the mock.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_USERS, renderWithApp, sessionFor } from '../../../test/render';
import { type RequestRule, scriptedClient } from '../../../test/scripted-client';
import { openAuthDialog } from './auth-dialog-store';

const text = (body: string, status: number) => () => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
type User = ReturnType<typeof renderWithApp>['user'];
/** Types each value into the field labelled by its key. */
async function fill(user: User, container: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(input(container, label), value);
}
/** What the fields labelled by the keys hold now, to compare with what was typed. */
const valuesOf = (container: HTMLElement, typed: Record<string, string>) =>
  Object.fromEntries(Object.keys(typed).map((label) => [label, input(container, label).value]));
const NEW_PASSWORDS = { 'New password': 'Annapurna#8091', 'Confirm new password': 'Annapurna#8091' };

async function openSignIn(rules: RequestRule[] = []) {
  const scripted = scriptedClient(rules);
  const rendered = renderWithApp(undefined, { route: '/', client: scripted.client });
  await screen.findByRole('button', { name: 'Open account panel' });
  act(() => openAuthDialog('signIn'));
  return { ...rendered, requests: scripted.requests, dialog: await screen.findByRole('dialog', { name: 'Sign In' }) };
}

describe('Forgot password', () => {
  it('goes from Sign In to the code and a new password, then back to Sign In with a success message and the username', async () => {
    const { user, dialog, requests } = await openSignIn();
    await user.type(input(dialog, 'Username'), 'sita');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));

    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    // What was typed at Sign In is kept.
    expect(input(forgot, 'Username or email').value).toBe('sita');
    await user.click(within(forgot).getByRole('button', { name: 'Send code' }));

    const reset = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(within(reset).getByText(/The 5-digit code we e-mailed for sita/)).toBeTruthy();
    await fill(user, reset, { 'Reset code': '52817', ...NEW_PASSWORDS });
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));

    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(signIn).getByRole('status').textContent).toBe('Password reset successfully. You can sign in now.');
    expect(input(signIn, 'Username').value).toBe('sita');
    // The username is there: the keyboard goes to the password.
    await waitFor(() => expect(document.activeElement).toBe(input(signIn, 'Password')));
    const sent = requests.filter((r) => r.url.pathname.endsWith('/auth/reset-password')).map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ usernameOrEmail: 'sita', code: '52817', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091' }]);
    expect(JSON.parse(requests.find((r) => r.url.pathname.endsWith('/auth/forgot-password'))!.body)).toEqual({ usernameOrEmail: 'sita' });
  });

  it('requires the username or e-mail, then every reset field, focusing the first to fix', async () => {
    const { user, dialog } = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await user.click(within(forgot).getByRole('button', { name: 'Send code' }));
    expect(within(forgot).getByText('Username or email is required')).toBeTruthy();
    expect(document.activeElement).toBe(input(forgot, 'Username or email'));

    await user.type(input(forgot, 'Username or email'), 'sita@example.com');
    await user.click(within(forgot).getByRole('button', { name: 'Send code' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.type(input(reset, 'New password'), 'Annapurna#8091');
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));
    expect(within(reset).getByText('Reset code is required')).toBeTruthy();
    expect(within(reset).getByText('Please confirm your password')).toBeTruthy();
    expect(within(reset).queryByText('New password is required')).toBeNull();
    expect(document.activeElement).toBe(input(reset, 'Reset code'));
  });

  it("shows the server's message on a refused code and keeps the code and both passwords typed", async () => {
    const { user, dialog } = await openSignIn([{ method: 'POST', path: /\/auth\/reset-password$/, respond: text('Invalid or expired reset code', 400) }]);
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await user.type(input(forgot, 'Username or email'), 'sita');
    await user.click(within(forgot).getByRole('button', { name: 'Send code' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset Password' });
    const typed = { 'Reset code': '11111', ...NEW_PASSWORDS };
    await fill(user, reset, typed);
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }));

    expect((await within(reset).findByRole('alert')).textContent).toBe('Invalid or expired reset code');
    expect(valuesOf(reset, typed)).toEqual(typed);
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });

  it('says so when the request is refused (too many) and keeps what was typed', async () => {
    const { user, dialog } = await openSignIn([{ method: 'POST', path: /\/auth\/forgot-password$/, prefer: 'code=429' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot Password' });
    await user.type(input(forgot, 'Username or email'), 'sita');
    await user.click(within(forgot).getByRole('button', { name: 'Send code' }));
    expect((await within(forgot).findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
    expect(input(forgot, 'Username or email').value).toBe('sita');
  });
});

describe('an unverified account at Sign In', () => {
  const unverified: RequestRule = { method: 'POST', path: /\/auth\/login$/, respond: text('Please Verify user Account !', 401) };

  it('offers to verify the e-mail: a new code is sent and Verify Email opens for that account, then Sign In', async () => {
    const { user, dialog, requests } = await openSignIn([unverified]);
    await user.type(input(dialog, 'Username'), 'anita');
    await user.type(input(dialog, 'Password'), 'Sagarmatha#8848');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText('Failed to Login')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verify your e-mail' }));

    const verify = await screen.findByRole('dialog', { name: 'Verify Email' });
    expect(JSON.parse(requests.find((r) => r.url.pathname.endsWith('/auth/resend-code'))!.body)).toEqual({ username: 'anita', password: 'Sagarmatha#8848' });
    expect(await screen.findByText('A new verification code has been sent to your e-mail')).toBeTruthy();
    // The verify dialog can ask for yet another code.
    await user.click(within(verify).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith('/auth/resend-code'))).toHaveLength(2));
    await user.type(within(verify).getByRole('textbox', { name: 'Verification code' }), '48213');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(input(signIn, 'Username').value).toBe('anita');
    const verified = requests.find((r) => r.url.pathname.endsWith('/auth/verify'));
    expect(JSON.parse(verified!.body)).toEqual({ VerificationCode: '48213', Id: '9b1f6a52-0c1e-4b8e-9d43-5a0f6e1c2a20' });
  });

  it('offers nothing of the kind for a wrong password', async () => {
    const { user, dialog } = await openSignIn();
    await user.type(input(dialog, 'Username'), 'sita');
    await user.type(input(dialog, 'Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText('Failed to Login')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Verify your e-mail' })).toBeNull();
  });
});

describe('Change password on the profile page', () => {
  async function openProfile(rules: RequestRule[] = []) {
    const scripted = scriptedClient(rules);
    const rendered = renderWithApp(undefined, { route: '/profile', session: sessionFor('customer'), client: scripted.client });
    const section = (await screen.findByRole('heading', { name: 'Change password' })).closest('section')!;
    return { ...rendered, section, requests: scripted.requests };
  }

  it('requires every field, as Sign Up does', async () => {
    const { user, section } = await openProfile();
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('Current password is required')).toBeTruthy();
    expect(within(section).getByText('New password is required')).toBeTruthy();
    expect(within(section).getByText('Please confirm your password')).toBeTruthy();
    expect(document.activeElement).toBe(input(section, 'Current password'));
  });

  it('stores the new token the server answers and says the change worked', async () => {
    const { user, section, requests } = await openProfile();
    await fill(user, section, { 'Current password': 'Sagarmatha#8848', ...NEW_PASSWORDS });
    await user.click(within(section).getByRole('button', { name: 'Change password' }));

    expect((await within(section).findByRole('status')).textContent).toMatch(/^Password changed successfully\. You are still signed in here/);
    expect(localStorage.getItem('token')).toBe('mock.customer.token');
    expect(localStorage.getItem('userId')).toBe(MOCK_USERS.customer.userId);
    expect(JSON.parse(requests.find((r) => r.url.pathname.endsWith('/auth/change-password'))!.body)).toEqual({
      currentPassword: 'Sagarmatha#8848', newPassword: 'Annapurna#8091', confirmPassword: 'Annapurna#8091',
    });
    expect(input(section, 'Current password').value).toBe('');
  });

  it("shows the server's message for a wrong current password and keeps all three passwords", async () => {
    const { user, section } = await openProfile([{ method: 'POST', path: /\/auth\/change-password$/, respond: text('Current password is incorrect', 400) }]);
    const typed = { 'Current password': 'not-mine', ...NEW_PASSWORDS };
    await fill(user, section, typed);
    await user.click(within(section).getByRole('button', { name: 'Change password' }));

    expect((await within(section).findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(valuesOf(section, typed)).toEqual(typed);
    expect(localStorage.getItem('token')).toBe('test-token-customer');
  });
});
