// The fake eBay's OAuth side, as eBay documents its authorization code grant: the consent page at
// {auth}/oauth2/authorize (redirect_uri is the app's RuName; eBay sends the browser on to the accept URL
// registered for it, with code, state and expires_in), and the token endpoint {api}/identity/v1/oauth2/token
// with HTTP Basic client credentials, form bodies, eBay's token JSON and its OAuth error body.
import type http from 'node:http';
import { escapeHtml, oauthError, page, type Reply, scope, token } from './fake-ebay-protocol';

/** eBay's lifetimes: an access token 2 hours, a refresh token about 18 months, a code 299 seconds. */
const ACCESS_TOKEN_SECONDS = 7200;
const REFRESH_TOKEN_SECONDS = 47_304_000;
const CODE_SECONDS = 299;

/** The scopes eBay grants a seller-facing app. */
const KNOWN_SCOPES = new Set(
  [
    'sell.inventory',
    'sell.inventory.readonly',
    'sell.account',
    'sell.account.readonly',
    'sell.fulfillment',
    'sell.fulfillment.readonly',
    'commerce.identity.readonly',
  ].map(scope),
);

/** The scope of an application token (client credentials grant): eBay's public data, such as its categories. */
export const APPLICATION_SCOPE = 'https://api.ebay.com/oauth/api_scope';

export const FakeEbayTexts = { agree: 'Agree', decline: 'No thanks', username: 'eBay user name' } as const;

/** What a token or code stands for: an eBay user and the scopes they granted, or the app itself (username null). */
export interface TokenGrant {
  username: string | null;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** A grant that lives `seconds` from now. */
function newGrant(username: string | null, scopes: string[], seconds: number): TokenGrant {
  return { username, scopes, expiresAt: Date.now() + seconds * 1000, revoked: false };
}

interface AuthorizationRequest {
  scopes: string[];
  state: string | null;
}

export interface ConsentChoice {
  username: string;
  decline: boolean;
}

export function createEbayOAuth(app: {
  clientId: string;
  clientSecret: string;
  ruName: string;
  appName: string;
  defaultUsername: string;
  acceptUrl: string | null;
}) {
  let acceptUrl = app.acceptUrl;
  const codes = new Map<string, TokenGrant & { used: boolean }>();
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, TokenGrant>();
  const invalidGrant = (what: string): Reply => ({
    status: 400,
    json: oauthError(
      'invalid_grant',
      `the provided authorization ${what} is invalid or was issued to another client`,
    ),
  });

  /** Checks an authorize request as eBay does; a problem is shown on eBay's page, never sent to the app. */
  function authorizationRequest(query: URLSearchParams): AuthorizationRequest | { problem: string } {
    if (query.get('client_id') !== app.clientId)
      return { problem: 'The application is not known to eBay (client_id).' };
    if (query.get('redirect_uri') !== app.ruName)
      return { problem: 'redirect_uri is not a RuName of this application.' };
    if (query.get('response_type') !== 'code') return { problem: 'response_type must be code.' };
    if (!acceptUrl) return { problem: 'No accept URL is registered for this RuName.' };
    return { scopes: (query.get('scope') ?? '').split(' ').filter(Boolean), state: query.get('state') };
  }

  /** Where the browser goes once the seller has chosen: the accept URL with a code, or with the refusal. */
  function consentOutcome(request: AuthorizationRequest, choice: ConsentChoice): string {
    const target = new URL(acceptUrl ?? '');
    if (request.state !== null) target.searchParams.set('state', request.state);
    if (choice.decline) {
      target.searchParams.set('error', 'access_denied');
    } else if (request.scopes.length === 0 || request.scopes.some((wanted) => !KNOWN_SCOPES.has(wanted))) {
      target.searchParams.set('error', 'invalid_scope');
    } else {
      const code = `v^1.1#i^1#f^0#r^1#I^3#p^3#t^${token(48)}`;
      codes.set(code, { ...newGrant(choice.username, request.scopes, CODE_SECONDS), used: false });
      target.searchParams.set('code', code);
      target.searchParams.set('expires_in', String(CODE_SECONDS));
    }
    return target.toString();
  }

  function problemPage(problem: string): Reply {
    return { status: 400, html: page('eBay: something went wrong', `<p>${escapeHtml(problem)}</p>`) };
  }

  function issueAccessToken(username: string | null, scopes: string[]): string {
    const accessToken = `v^1.1#i^1#p^3#r^0#I^3#f^0#t^${token(96)}`;
    accessTokens.set(accessToken, newGrant(username, scopes, ACCESS_TOKEN_SECONDS));
    return accessToken;
  }

  function codeGrant(form: URLSearchParams): Reply {
    const code = codes.get(form.get('code') ?? '');
    if (!code || code.used || code.revoked || code.expiresAt < Date.now()) return invalidGrant('grant code');
    if (form.get('redirect_uri') !== app.ruName) return invalidGrant('grant code');
    code.used = true;
    const refreshToken = `v^1.1#i^1#r^1#p^3#I^3#f^0#t^${token(64)}`;
    refreshTokens.set(refreshToken, newGrant(code.username, code.scopes, REFRESH_TOKEN_SECONDS));
    return {
      status: 200,
      json: {
        access_token: issueAccessToken(code.username, code.scopes),
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        token_type: 'User Access Token',
      },
    };
  }

  function refreshGrant(form: URLSearchParams): Reply {
    const grant = refreshTokens.get(form.get('refresh_token') ?? '');
    if (!grant || grant.revoked || grant.expiresAt < Date.now()) return invalidGrant('refresh token');
    // The scopes asked for must be those granted, or fewer.
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (asked.some((wanted) => !grant.scopes.includes(wanted))) {
      return {
        status: 400,
        json: oauthError(
          'invalid_scope',
          'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        ),
      };
    }
    // A refresh gives a new access token only; the refresh token stays the same until it expires.
    return {
      status: 200,
      json: {
        access_token: issueAccessToken(grant.username, asked.length > 0 ? asked : grant.scopes),
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'User Access Token',
      },
    };
  }

  /** The client credentials grant: an application token for the app's own calls, with no user behind it. */
  function clientCredentialsGrant(form: URLSearchParams): Reply {
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (asked.length === 0 || asked.some((wanted) => wanted !== APPLICATION_SCOPE)) {
      return {
        status: 400,
        json: oauthError(
          'invalid_scope',
          'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        ),
      };
    }
    return {
      status: 200,
      json: {
        access_token: issueAccessToken(null, asked),
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'Application Access Token',
      },
    };
  }

  return {
    /** GET /oauth2/authorize: the page where the seller signs in and agrees, or declines. */
    consentPage(url: URL): Reply {
      const request = authorizationRequest(url.searchParams);
      if ('problem' in request) return problemPage(request.problem);
      const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
        .map((name) => {
          const value = url.searchParams.get(name);
          return value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
        })
        .join('');
      const appName = escapeHtml(app.appName);
      return {
        status: 200,
        html: page(
          `Grant application access: ${app.appName}`,
          `<h1>Grant application access: ${appName}</h1>
          <p>${appName} would like to list and end items, read your business policies, locations and orders,
          and see your eBay user name.</p>
          <form method="post" action="/oauth2/authorize">${hidden}
            <label>${FakeEbayTexts.username} <input name="username" value="${escapeHtml(app.defaultUsername)}"></label>
            <button type="submit" name="decision" value="agree">${FakeEbayTexts.agree}</button>
            <button type="submit" name="decision" value="decline">${FakeEbayTexts.decline}</button>
          </form>`,
        ),
      };
    },

    /** POST /oauth2/authorize: the consent form, answered with the redirect to the accept URL. */
    consentDecision(body: Buffer): Reply {
      const form = new URLSearchParams(body.toString('utf8'));
      const request = authorizationRequest(form);
      if ('problem' in request) return problemPage(request.problem);
      const username = form.get('username')?.trim() || app.defaultUsername;
      const location = consentOutcome(request, { username, decline: form.get('decision') === 'decline' });
      return { status: 302, headers: { location }, html: '' };
    },

    /** POST /identity/v1/oauth2/token. */
    tokenEndpoint(headers: http.IncomingHttpHeaders, body: Buffer): Reply {
      const credentials = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      if (headers.authorization !== `Basic ${credentials}`) {
        return { status: 401, json: oauthError('invalid_client', 'client authentication failed') };
      }
      if (!String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return {
          status: 400,
          json: oauthError('invalid_request', 'request is missing a required parameter or malformed.'),
        };
      }
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('grant_type') === 'authorization_code') return codeGrant(form);
      if (form.get('grant_type') === 'refresh_token') return refreshGrant(form);
      if (form.get('grant_type') === 'client_credentials') return clientCredentialsGrant(form);
      return {
        status: 400,
        json: oauthError(
          'unsupported_grant_type',
          'grant type in request is not supported by the authorization server',
        ),
      };
    },

    /** The live grant behind a Bearer token; null when unknown, expired or revoked. */
    grantOf(accessToken: string): TokenGrant | null {
      const grant = accessTokens.get(accessToken);
      return grant && !grant.revoked && grant.expiresAt >= Date.now() ? grant : null;
    },

    /** The consent page's outcome without a browser. */
    authorize(authorizeUrl: string, choice: ConsentChoice): string {
      const request = authorizationRequest(new URL(authorizeUrl).searchParams);
      if ('problem' in request) throw new Error(`eBay's consent page refuses: ${request.problem}`);
      return consentOutcome(request, choice);
    },

    setAcceptUrl(url: string) {
      acceptUrl = url;
    },

    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = Date.now() - 1000;
    },

    revokeAll(username?: string) {
      for (const grants of [accessTokens, refreshTokens, codes]) {
        for (const grant of grants.values())
          if (!username || grant.username === username) grant.revoked = true;
      }
    },
  };
}
