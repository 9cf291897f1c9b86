/** Error message per form field; a field without an entry is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** True when the errors map holds at least one message. */
export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** The first message of an errors map in field order (for forms that toast one error), or null. */
export function firstError(errors: FieldErrors<string>): string | null {
  return Object.values(errors).find((message): message is string => message !== undefined) ?? null;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** Loose e-mail shape check (something@something.tld, no spaces); the server owns stricter rules. */
export function isEmailShaped(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Sign Up form values. */
export type SignUpValues = { email: string; username: string; password: string; confirmPassword: string };

/** Sign Up: every field required and the e-mail email-shaped; other rules are left to the server. */
export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  if (blank(values.email)) errors.email = 'Email is required';
  else if (!isEmailShaped(values.email)) errors.email = 'Enter a valid email address';
  if (blank(values.username)) errors.username = 'Username is required';
  if (values.password === '') errors.password = 'Password is required';
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  return errors;
}

/** Sign In form values. */
export type SignInValues = { username: string; password: string };

/** Sign In: username and password required. */
export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  const errors: FieldErrors<keyof SignInValues> = {};
  if (blank(values.username)) errors.username = 'Username is required';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

/** Forgot Password form values: the account's username or e-mail address. */
export type ForgotPasswordValues = { usernameOrEmail: string };

/** Forgot Password: the username or e-mail is required. */
export function validateForgotPassword(values: ForgotPasswordValues): FieldErrors<keyof ForgotPasswordValues> {
  return blank(values.usernameOrEmail) ? { usernameOrEmail: 'Username or email is required' } : {};
}

/** Reset Password form values: the e-mailed code and the new password twice. */
export type ResetPasswordValues = { code: string; newPassword: string; confirmPassword: string };

/** Reset Password: every field required, as Sign Up; other rules are left to the server. */
export function validateResetPassword(values: ResetPasswordValues): FieldErrors<keyof ResetPasswordValues> {
  const errors: FieldErrors<keyof ResetPasswordValues> = {};
  if (blank(values.code)) errors.code = 'Reset code is required';
  if (values.newPassword === '') errors.newPassword = 'New password is required';
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  return errors;
}

/** Change Password form values. */
export type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Change Password: every field required, as Sign Up; other rules are left to the server. */
export function validateChangePassword(values: ChangePasswordValues): FieldErrors<keyof ChangePasswordValues> {
  const errors: FieldErrors<keyof ChangePasswordValues> = {};
  if (values.currentPassword === '') errors.currentPassword = 'Current password is required';
  if (values.newPassword === '') errors.newPassword = 'New password is required';
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  return errors;
}

/** Verify Email: the one-time code is required. */
export function validateVerificationCode(code: string): FieldErrors<'code'> {
  return blank(code) ? { code: 'Verification code is required' } : {};
}

/** Add Your Review form values; stars 0/null means no rating chosen. */
export type ReviewValues = { stars: number | null | undefined; comment: string };

/** Review: a rating must be chosen and the text must not be blank (whitespace only counts as blank). */
export function validateReview(values: ReviewValues): FieldErrors<keyof ReviewValues> {
  const errors: FieldErrors<keyof ReviewValues> = {};
  if (!values.stars || values.stars < 1) errors.stars = 'Please select a rating';
  if (blank(values.comment)) errors.comment = 'Please enter a review';
  return errors;
}

/** A form number as typed ('' when empty) or already converted. */
type FormNumber = number | string | null | undefined;

/** Add/Edit Book form values. */
export type BookFormValues = {
  title: string;
  author: string;
  genre: string;
  format: string;
  isbn: string;
  language: string;
  publisher: string;
  publicationDate: string;
  price: FormNumber;
  discount: FormNumber;
  quantity: FormNumber;
  description: string;
};

const BOOK_TEXT_FIELDS: readonly [keyof BookFormValues, string][] = [
  ['title', 'Title'],
  ['author', 'Author'],
  ['genre', 'Genre'],
  ['format', 'Format'],
  ['isbn', 'ISBN'],
  ['language', 'Language'],
  ['publisher', 'Publisher'],
  ['publicationDate', 'Publication date'],
];

function toNumber(value: FormNumber): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/**
 * Add/Edit Book: every field required ('Title is required' ...); price a number >= 0, discount
 * between 0 and 100, quantity a whole number >= 0. Errors come back in the form's field order.
 */
export function validateBookForm(values: BookFormValues): FieldErrors<keyof BookFormValues> {
  const errors: FieldErrors<keyof BookFormValues> = {};
  for (const [field, label] of BOOK_TEXT_FIELDS) {
    if (blank(String(values[field] ?? ''))) errors[field] = `${label} is required`;
  }
  const price = toNumber(values.price);
  if (price === null) errors.price = 'Price is required';
  else if (!Number.isFinite(price) || price < 0) errors.price = 'Price must be a number of 0 or more';
  const discount = toNumber(values.discount);
  if (discount === null) errors.discount = 'Discount is required';
  else if (!Number.isFinite(discount) || discount < 0 || discount > 100)
    errors.discount = 'Discount must be between 0 and 100';
  const quantity = toNumber(values.quantity);
  if (quantity === null) errors.quantity = 'Quantity is required';
  else if (!Number.isInteger(quantity) || quantity < 0)
    errors.quantity = 'Quantity must be a whole number of 0 or more';
  if (blank(values.description)) errors.description = 'Description is required';
  return errors;
}
