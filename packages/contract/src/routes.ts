// Every API route, declared once: the server registers and validates with these, the web client infers
// its request and response types from them, and the OpenAPI document is generated from them.
import type { z } from 'zod';
import {
  AuthCheckRequestSchema,
  AuthCheckResponseSchema,
  AuthResponseSchema,
  LoginRequestSchema,
  LogoutResponseSchema,
  SignupRequestSchema,
} from './auth';
import { LivenessSchema, ReadinessSchema } from './health';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDescriptor<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under /api, in Fastify's `:param` form. */
  path: string;
  summary: string;
  tag: string;
  /** Whether the call needs `Authorization: Bearer <token>`. */
  auth: boolean;
  body: TBody;
  response: TResponse;
  /** HTTP status of a success. */
  status: 200 | 201 | 204;
}

function route<TBody extends z.ZodType | undefined, TResponse extends z.ZodType>(
  descriptor: RouteDescriptor<TBody, TResponse>,
): RouteDescriptor<TBody, TResponse> {
  return descriptor;
}

export const routes = {
  signup: route({
    method: 'POST',
    path: '/user/signup',
    summary: 'Create an account with e-mail and password',
    tag: 'accounts',
    auth: false,
    body: SignupRequestSchema,
    response: AuthResponseSchema,
    status: 201,
  }),
  login: route({
    method: 'POST',
    path: '/user/login',
    summary: 'Log in with e-mail and password',
    tag: 'accounts',
    auth: false,
    body: LoginRequestSchema,
    response: AuthResponseSchema,
    status: 200,
  }),
  authCheck: route({
    method: 'POST',
    path: '/users/crosslister',
    summary: 'The signed-in user, with plan and generation rights',
    tag: 'accounts',
    auth: true,
    body: AuthCheckRequestSchema,
    response: AuthCheckResponseSchema,
    status: 200,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the bearer token for good',
    tag: 'accounts',
    auth: true,
    body: undefined,
    response: LogoutResponseSchema,
    status: 200,
  }),
  liveness: route({
    method: 'GET',
    path: '/health',
    summary: 'The process is up',
    tag: 'health',
    auth: false,
    body: undefined,
    response: LivenessSchema,
    status: 200,
  }),
  readiness: route({
    method: 'GET',
    path: '/health/ready',
    summary: 'Every backend answers (database, storage, queue)',
    tag: 'health',
    auth: false,
    body: undefined,
    response: ReadinessSchema,
    status: 200,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<R extends RouteDescriptor> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;
export type RouteResponse<R extends RouteDescriptor> = z.output<R['response']>;
