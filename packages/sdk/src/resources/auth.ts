import type {
  LoginInput, LoginResponse, MessageEnvelope, RegisterInput, RegisterResponse, RequestOptions, VerifyEmailInput,
} from '../types.js';
import { init, unwrap, type RawClient } from './call.js';

/** Accounts: register, sign in, verify the e-mail. All public. */
export interface AuthApi {
  /** `registerUser` — creates an unverified customer and mails a 5-digit code. */
  register(input: RegisterInput, options?: RequestOptions): Promise<RegisterResponse>;
  /** `loginUser` — by username; the reply carries the bearer `token` and the `user`. */
  login(input: LoginInput, options?: RequestOptions): Promise<LoginResponse>;
  /** `verifyEmail` — sends the legacy PascalCase `{VerificationCode, Id}`. */
  verify(input: VerifyEmailInput, options?: RequestOptions): Promise<MessageEnvelope>;
}

export function authApi(raw: RawClient): AuthApi {
  return {
    register: (input, options) => unwrap(raw.POST('/Auth/register', { body: input, ...init(options) })),
    login: (input, options) => unwrap(raw.POST('/auth/login', { body: input, ...init(options) })),
    verify: ({ id, verificationCode }, options) =>
      unwrap(raw.PUT('/auth/verify', { body: { VerificationCode: verificationCode, Id: id }, ...init(options) })),
  };
}
