// Handler types, derived from the SDK's generated contract types: a handler gets the request
// as the contract types it and must answer the contract's success body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@pustak/sdk/schema';
import type { Role } from '../db/schema.js';
import type { Services } from './services.js';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
type ContentOf<T> = T extends { content: infer C } ? (C extends Record<string, unknown> ? C[keyof C] : never) : never;

export type RequestBody<K extends OperationId> = [NonNullable<Op<K>['requestBody']>] extends [never]
  ? undefined
  : ContentOf<NonNullable<Op<K>['requestBody']>> | (undefined extends Op<K>['requestBody'] ? undefined : never);
type Part<K extends OperationId, P extends 'query' | 'path'> = [NonNullable<Op<K>['parameters'][P]>] extends [never]
  ? Record<string, never>
  : NonNullable<Op<K>['parameters'][P]>;
export type Query<K extends OperationId> = Part<K, 'query'>;
export type Params<K extends OperationId> = Part<K, 'path'>;
export type Success<K extends OperationId> = 200 extends keyof Op<K>['responses']
  ? ContentOf<Op<K>['responses'][200]>
  : undefined;

/** The signed-in caller, read from the database on every request (a changed role counts at once). */
export interface Caller {
  id: string;
  username: string;
  email: string;
  role: Role;
}

/** A cover image sent with a book form. */
export interface UploadedImage {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

export interface HandlerContext<K extends OperationId> {
  body: RequestBody<K>;
  query: Query<K>;
  params: Params<K>;
  /** The caller of a secured operation (the auth hook has checked token and role). */
  caller(): Caller;
  /** Where absolute URLs point: PUBLIC_URL, else the origin this request came in on. */
  origin: string;
  upload: UploadedImage | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<Success<K>>;
export type HandlerMap = { [K in OperationId]: Handler<K> };
