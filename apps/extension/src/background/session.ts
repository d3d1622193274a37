// The seller's Snaplist session in the extension: its own token from POST /user/login (the same e-mail and
// password as the web app), kept until the seller signs out or the server stops accepting it.
import { type RouteDescriptor, type RouteResponse, routes } from '@snaplist/contract';
import { t } from '../i18n';
import type { ExtensionStatus } from '../messages';
import { hostMatchPattern, serverOrigin } from '../server-address';
import { type ApiInput, callApi, ExtensionFailure } from './api-client';
import { forgetSession, readServer, readSession, saveSignIn } from './storage';
import { registerWebBridge } from './web-bridge-registration';

export async function currentStatus(): Promise<ExtensionStatus> {
  const [server, session] = await Promise.all([readServer(), readSession()]);
  return {
    version: chrome.runtime.getManifest().version,
    server,
    signedIn: session !== null,
    email: session?.email ?? null,
  };
}

export interface SignInInput {
  server: string;
  email: string;
  password: string;
}

export async function signIn(input: SignInInput): Promise<ExtensionStatus> {
  const server = serverOrigin(input.server);
  if (!server) throw new ExtensionFailure('server_invalid', t('error_server_invalid'));
  // The popup asks for the permission inside the seller's click; without it every call would fail on CORS.
  const permitted = await chrome.permissions.contains({ origins: [hostMatchPattern(server)] });
  if (!permitted) throw new ExtensionFailure('permission_denied', t('error_permission_denied', server));

  const previousServer = await readServer();
  const answer = await callApi(server, routes.login, {
    body: { email: input.email, password: input.password, product: 'crosslister' },
  });
  // Another site at that address may answer 200 with JSON of its own.
  if (typeof answer.jwtToken !== 'string' || typeof answer.user?.email !== 'string') {
    throw new ExtensionFailure('server_invalid', t('error_not_snaplist', server));
  }
  await saveSignIn(server, { token: answer.jwtToken, email: answer.user.email });
  if (server !== previousServer) await registerWebBridge();
  return currentStatus();
}

/**
 * Revokes this session on the server (the web app's sessions stay) and forgets the token, also when the
 * server cannot be reached: the seller asked to be signed out of this browser, and is.
 */
export async function signOut(): Promise<ExtensionStatus> {
  const [server, session] = await Promise.all([readServer(), readSession()]);
  try {
    if (server && session) await callApi(server, routes.logout, { token: session.token });
  } catch (error) {
    // A token the server no longer knows, or a server that is down: nothing left to revoke from here.
    if (!(error instanceof ExtensionFailure)) throw error;
  } finally {
    await forgetSession();
  }
  return currentStatus();
}

export function signedOut(): ExtensionFailure {
  return new ExtensionFailure('signed_out', t('error_signed_out'));
}

/** Calls a route as the signed-in seller; a 401 means the session ended, so the token is forgotten. */
export async function callAsSeller<R extends RouteDescriptor>(
  route: R,
  input: Omit<ApiInput<R>, 'token'> = {},
): Promise<RouteResponse<R>> {
  const [server, session] = await Promise.all([readServer(), readSession()]);
  if (!server || !session) throw signedOut();
  try {
    return await callApi(server, route, { ...input, token: session.token });
  } catch (error) {
    if (error instanceof ExtensionFailure && error.status === 401) {
      await forgetSession();
      throw signedOut();
    }
    throw error;
  }
}

/** The signed-in seller's server, for addresses the API gives relative to it (photos). */
export async function sellerServer(): Promise<string> {
  const [server, session] = await Promise.all([readServer(), readSession()]);
  if (!server || !session) throw signedOut();
  return server;
}
