// What a business rule answers when it says no. Handlers turn these into the contract's
// status and body for their operation; the message is the contract's text.
export type RefusalKind = 'not-found' | 'rejected' | 'conflict' | 'forbidden' | 'invalid' | 'unauthenticated';

export class RuleRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For `invalid`: the field the message is about (it goes into the 422 problem's errors map). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'RuleRefusal';
  }
}

export const notFound = (message: string) => new RuleRefusal('not-found', message);
export const rejected = (message: string) => new RuleRefusal('rejected', message);
/** The request was right when the caller made it, but what it relied on has changed since (409). */
export const conflict = (message: string) => new RuleRefusal('conflict', message);
export const unauthenticated = (message: string) => new RuleRefusal('unauthenticated', message);
export const forbidden = (message: string) => new RuleRefusal('forbidden', message);
/** The request breaks the contract in a way its schema cannot say (an impossible date, a NUL character). */
export const invalid = (field: string, message: string) => new RuleRefusal('invalid', message, field);
