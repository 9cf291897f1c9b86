// Answers made of what the read cache keeps, serialized once. A cached book page or catalogue page
// is the same value for every visitor until the cache lets it go; turning it into the contract's
// JSON on every request was a fifth of a cached book page's CPU. The text is made by the route's
// own serializer (the contract's schema, as Fastify would have used) and kept with the cached
// value (a WeakMap: it goes when the value goes), for the origin it was made for (image URLs are
// absolute). Its prices need no clock of their own: the cache lets a value go at the first price
// change of a book in it (read-cache/policy.ts validUntil), and the next read is a new value.
import type { FastifyReply } from 'fastify';

/** One route's kept answers, by the cached value they were made of. */
export type KeptAnswers = WeakMap<object, { origin: string; text: string }>;

export const keptAnswers = (): KeptAnswers => new WeakMap();

/**
 * Sends the 200 answer `make()` builds from `value`, an object the read cache answered, as text
 * made once per origin. Answers the reply, sent: the route adapter passes a sent reply through
 * (plugins/contract-routes.ts).
 */
export function sendKept(answers: KeptAnswers, reply: FastifyReply, value: object, origin: string, make: () => { [key: string]: unknown }): never {
  reply.type('application/json; charset=utf-8');
  let kept = answers.get(value);
  if (kept?.origin !== origin) {
    kept = { origin, text: reply.serializeInput(make(), '200', 'application/json') as string };
    answers.set(value, kept);
  }
  reply.send(kept.text);
  return reply as never;
}
