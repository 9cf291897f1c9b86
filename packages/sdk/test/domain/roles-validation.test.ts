import { describe, it, expect } from 'vitest';
import {
  firstError,
  hasErrors,
  isEmailShaped,
  roleRedirect,
  shouldUpdateRole,
  validateBookForm,
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
  validateReview,
  validateSignIn,
  validateSignUp,
  validateVerificationCode,
  type BookFormValues,
} from '../../src/domain/index.js';

describe('roles', () => {
  it('updates a role only when it changes', () => {
    expect(shouldUpdateRole('User', 'User')).toBe(false);
    expect(shouldUpdateRole('User', 'Staff')).toBe(true);
  });

  it('confines Admin to /admin and Staff to /staff', () => {
    expect(roleRedirect('Admin', '/')).toBe('/admin');
    expect(roleRedirect('Admin', '/administrator')).toBe('/admin');
    expect(roleRedirect('Admin', '/admin')).toBeNull();
    expect(roleRedirect('Admin', '/admin/books/edit/1')).toBeNull();
    expect(roleRedirect('Staff', '/admin')).toBe('/staff');
    expect(roleRedirect('Staff', '/staff/orders')).toBeNull();
    expect(roleRedirect('User', '/admin')).toBeNull();
    expect(roleRedirect(null, '/cart')).toBeNull();
  });

  it('lets every role open a receipt (staff print it after the handover)', () => {
    for (const role of ['Admin', 'Staff', 'User']) expect(roleRedirect(role, '/receipt/0dde0000-0000-4000-8000-000000000002')).toBeNull();
    expect(roleRedirect('Staff', '/receipts')).toBe('/staff');
  });
});

describe('isEmailShaped', () => {
  it('accepts name@host.tld and rejects the rest', () => {
    expect(isEmailShaped('sita@example.com')).toBe(true);
    expect(isEmailShaped(' sita@example.com.np ')).toBe(true);
    for (const bad of ['', 'sita', 'sita@', 'sita@example', '@example.com', 'si ta@example.com']) {
      expect(isEmailShaped(bad)).toBe(false);
    }
  });
});

describe('validateSignUp', () => {
  const valid = { email: 'sita@example.com', username: 'sita', password: 'x', confirmPassword: 'y' };

  it('accepts filled fields, leaving other rules to the server', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('requires every field and an email shape', () => {
    expect(validateSignUp({ email: ' ', username: '', password: '', confirmPassword: '' })).toEqual({
      email: 'Email is required',
      username: 'Username is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateSignUp({ ...valid, email: 'sita@' })).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('validateSignIn and validateVerificationCode', () => {
  it('requires username, password and code', () => {
    expect(validateSignIn({ username: 'sita', password: 'pw' })).toEqual({});
    expect(validateSignIn({ username: '  ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateVerificationCode('12345')).toEqual({});
    expect(validateVerificationCode(' ')).toEqual({ code: 'Verification code is required' });
  });
});

describe('the password forms', () => {
  it('require every field, a blank name or code included, and leave the rest to the server', () => {
    expect(validateForgotPassword({ usernameOrEmail: 'sita@example.com' })).toEqual({});
    expect(validateForgotPassword({ usernameOrEmail: ' \t' })).toEqual({ usernameOrEmail: 'Username or email is required' });
    expect(validateResetPassword({ code: '12345', newPassword: 'short', confirmPassword: 'other' })).toEqual({});
    expect(validateResetPassword({ code: '  ', newPassword: '', confirmPassword: '' })).toEqual({
      code: 'Reset code is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateChangePassword({ currentPassword: ' ', newPassword: 'x', confirmPassword: 'y' })).toEqual({});
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your password',
    });
  });
});

describe('validateReview', () => {
  it('needs a rating and non-blank text', () => {
    expect(validateReview({ stars: 4, comment: 'Loved it' })).toEqual({});
    expect(validateReview({ stars: 0, comment: ' \n\t' })).toEqual({
      stars: 'Please select a rating',
      comment: 'Please enter a review',
    });
    expect(validateReview({ stars: null, comment: 'ok' })).toEqual({ stars: 'Please select a rating' });
  });
});

describe('hasErrors and firstError', () => {
  it('report whether and what went wrong first', () => {
    expect(hasErrors({})).toBe(false);
    expect(firstError({})).toBeNull();
    const errors = validateReview({ stars: 0, comment: '' });
    expect(hasErrors(errors)).toBe(true);
    expect(firstError(errors)).toBe('Please select a rating');
  });
});

describe('validateBookForm', () => {
  const valid: BookFormValues = {
    title: 'Palpasa Café',
    author: 'Narayan Wagle',
    genre: 'Fiction',
    format: 'Paperback',
    isbn: '9789937905003',
    language: 'Nepali',
    publisher: 'Nepalaya',
    publicationDate: '2005-01-01',
    price: '650',
    discount: 0,
    quantity: '12',
    description: 'A novel.',
  };

  it('accepts a complete form with numbers as strings or numbers', () => {
    expect(validateBookForm(valid)).toEqual({});
    expect(validateBookForm({ ...valid, price: 0.5, discount: '100', quantity: 0 })).toEqual({});
  });

  it('takes a price of 0 and counts a blank one as missing', () => {
    expect(validateBookForm({ ...valid, price: 0 })).toEqual({});
    expect(validateBookForm({ ...valid, price: '   ' })).toEqual({ price: 'Price is required' });
  });

  it('requires every field, in form order', () => {
    const empty: BookFormValues = {
      title: '', author: '', genre: '', format: '', isbn: '', language: '', publisher: '',
      publicationDate: '', price: '', discount: null, quantity: undefined, description: ' ',
    };
    const errors = validateBookForm(empty);
    expect(Object.values(errors)).toEqual([
      'Title is required',
      'Author is required',
      'Genre is required',
      'Format is required',
      'ISBN is required',
      'Language is required',
      'Publisher is required',
      'Publication date is required',
      'Price is required',
      'Discount is required',
      'Quantity is required',
      'Description is required',
    ]);
  });

  it('checks price, discount and quantity ranges', () => {
    expect(validateBookForm({ ...valid, price: '-1', discount: '100.1', quantity: '2.5' })).toEqual({
      price: 'Price must be a number of 0 or more',
      discount: 'Discount must be between 0 and 100',
      quantity: 'Quantity must be a whole number of 0 or more',
    });
    expect(validateBookForm({ ...valid, price: 'abc', discount: -0.1, quantity: -1 })).toEqual({
      price: 'Price must be a number of 0 or more',
      discount: 'Discount must be between 0 and 100',
      quantity: 'Quantity must be a whole number of 0 or more',
    });
  });
});
