import type {
  ChangePasswordInput, LoginInput, LoginResponse, MessageEnvelope, PasswordResetRequestInput, PasswordResetResponse,
  RegisterInput, RegisterResponse, RequestOptions, ResetPasswordInput, VerifyEmailInput,
} from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Accounts: register, sign in, verify the e-mail, and the password. All public but `changePassword`. */
export interface AuthApi {
  /** `registerUser` — creates an unverified customer and mails a 5-digit code. */
  register(input: RegisterInput, options?: RequestOptions): Promise<RegisterResponse>;
  /** `loginUser` — by username; the reply carries the bearer `token` and the `user`. */
  login(input: LoginInput, options?: RequestOptions): Promise<LoginResponse>;
  /** `verifyEmail` — sends the legacy PascalCase `{VerificationCode, Id}`. */
  verify(input: VerifyEmailInput, options?: RequestOptions): Promise<MessageEnvelope>;
  /**
   * `resendVerificationCode` — a new code for an account not verified yet, given its username
   * and password (as sign-in checks them); the reply's `user.id` is what `verify` needs.
   */
  resendCode(input: LoginInput, options?: RequestOptions): Promise<RegisterResponse>;
  /**
   * `requestPasswordReset` — mails a 5-digit reset code to the account a username or e-mail
   * names. The reply is the same whether one matched or not.
   */
  requestPasswordReset(input: PasswordResetRequestInput, options?: RequestOptions): Promise<MessageEnvelope>;
  /**
   * `resetPassword` — sets the new password with the e-mailed code; ends every session of the
   * account. The reply names the `username` to sign in with.
   */
  resetPassword(input: ResetPasswordInput, options?: RequestOptions): Promise<PasswordResetResponse>;
  /**
   * `changePassword` — the signed-in account's password. Every earlier token stops working,
   * this client's too: store the reply's `token`.
   */
  changePassword(input: ChangePasswordInput, options?: RequestOptions): Promise<LoginResponse>;
}

export function authApi(raw: RawClient): AuthApi {
  return {
    register: (input, options) => unwrap(raw.POST('/Auth/register', { body: input, ...init(options) })),
    login: (input, options) => unwrap(raw.POST('/auth/login', { body: input, ...init(options) })),
    verify: ({ id, verificationCode }, options) =>
      unwrap(raw.PUT('/auth/verify', { body: { VerificationCode: verificationCode, Id: id }, ...init(options) })),
    resendCode: (input, options) => unwrap(raw.POST('/auth/resend-code', { body: input, ...init(options) })),
    requestPasswordReset: (input, options) => unwrap(raw.POST('/auth/forgot-password', { body: input, ...init(options) })),
    resetPassword: (input, options) => unwrap(raw.POST('/auth/reset-password', { body: input, ...init(options) })),
    changePassword: (input, options) => unwrap(raw.POST('/auth/change-password', { body: input, ...init(options) })),
  };
}
