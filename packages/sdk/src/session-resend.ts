// A session's resend of a signed-in call the server refused, kept out of middleware.ts so that a
// client without a session (a one-call bundle of `@pustak/sdk/resources`) does not carry it.
import { NetworkError, isAbortError } from './errors.js';
import type { SessionSide, SignedCall } from './middleware.js';
import { describeRequest } from './retry.js';
import type { SessionControl } from './session.js';

/** What the middleware needs of a session: its control, and how to send a refused call once more. */
export function sessionSide(control: SessionControl, send: (request: Request) => Promise<Response>): SessionSide {
  return { control, resend: (request, refusal, call) => resend(request, refusal, call, control, send) };
}

/**
 * The answer to a signed-in call the server refused (401): the call sent once more, through
 * the transport only (so never a third time), with the token `reauthenticate` gives; else
 * the refusal, which ends the session.
 */
async function resend(request: Request, refusal: Response, call: SignedCall, control: SessionControl, send: (request: Request) => Promise<Response>): Promise<Response> {
  const token = control.renews ? await control.renew(call.token) : null;
  if (!token) {
    await control.refuse(call.token);
    return refusal;
  }
  await refusal.body?.cancel().catch(() => undefined);
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  const again = new Request(request, { headers, ...(call.body === undefined ? {} : { body: call.body }) });
  describeRequest(again, call.facts);
  try {
    const answer = await send(again);
    if (answer.status === 401) await control.refuse(token);
    return answer;
  } catch (error) {
    if (request.signal.aborted || isAbortError(error) || error instanceof NetworkError) throw error;
    throw new NetworkError(call.facts.operation, error);
  }
}

