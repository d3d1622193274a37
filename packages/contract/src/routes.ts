// Every API route, declared once: the server registers and validates with these, the web client infers
// its request and response types from them, and the OpenAPI document is generated from them.
import { z } from 'zod';
import {
  AcceptedSchema,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  EmailChangeRequestedSchema,
  EmailConfirmedSchema,
  EmailTokenRequestSchema,
  LanguageRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
} from './account';
import {
  AuthCheckRequestSchema,
  AuthCheckResponseSchema,
  AuthResponseSchema,
  LoginRequestSchema,
  LogoutResponseSchema,
  SignupRequestSchema,
} from './auth';
import { BackgroundRemovalSettingsSchema } from './background-removal';
import {
  ActivityResponseSchema,
  CompleteConnectionRequestSchema,
  ConnectMarketplaceRequestSchema,
  ConnectMarketplaceResponseSchema,
  MarketplaceConnectionSchema,
  MarketplaceConnectionsResponseSchema,
  MarketplaceParamsSchema,
  MarkSoldRequestSchema,
  PublicationsByListingRequestSchema,
  PublicationsByListingResponseSchema,
  PublicationsResponseSchema,
  PublishRequestSchema,
  SaveMarketplaceSettingsRequestSchema,
} from './crosslisting';
import {
  ExtensionLinksResponseSchema,
  RecordListedOnRequestSchema,
  RecordListedOnResponseSchema,
  ReportSaleRequestSchema,
  ReportSaleResponseSchema,
} from './extension';
import {
  CreateGenerationRequestSchema,
  CreateGenerationResponseSchema,
  StartGenerationRequestSchema,
  UploadedPhotoSchema,
} from './generation';
import { LivenessSchema, ReadinessSchema } from './health';
import {
  AnswerSuggestionRequestSchema,
  DeleteListingsRequestSchema,
  DeleteListingsResponseSchema,
  ExportListingsQuerySchema,
  ListingIdParamsSchema,
  ListingInputSchema,
  ListingSchema,
  ListListingsRequestSchema,
  ListListingsResponseSchema,
  SearchListingsRequestSchema,
  SearchListingsResponseSchema,
} from './listings';
import {
  AppleFormPostSchema,
  AuthProvidersResponseSchema,
  OidcCompleteRequestSchema,
  OidcLinkConfirmRequestSchema,
  OidcLinkEmailRequestSchema,
  OidcLinkRequestSchema,
  OidcOutcomeSchema,
  OidcProviderParamsSchema,
  OidcStartRequestSchema,
  OidcStartResponseSchema,
} from './oidc';
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  OnboardingResponseSchema,
  PlansResponseSchema,
  WebhookResponseSchema,
} from './plans';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every error status an API route may answer, each with the `Error` body. */
export const ERROR_STATUSES = [
  400, 401, 402, 403, 404, 409, 410, 413, 414, 415, 422, 429, 500, 502, 503,
] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export interface RouteDescriptor<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Path under /api, in Fastify's `:param` form. */
  path: string;
  summary: string;
  tag: string;
  /** Whether the call needs `Authorization: Bearer <token>`. */
  auth: boolean;
  body: TBody;
  /** Path parameters (`:id`), when the path has any. */
  params?: TParams;
  /** Query-string parameters, when the route reads any. */
  query?: z.ZodType;
  /** The success body's media type when it is not JSON (a CSV export); `response` then describes it. */
  produces?: 'text/csv' | 'application/zip';
  /** The handler gets the body's exact bytes (a signed webhook), not parsed JSON; `body` is then undefined. */
  rawBody?: boolean;
  /** A multipart/form-data body instead of JSON; `body` is then undefined. */
  multipart?: boolean;
  /** An HTML form's application/x-www-form-urlencoded body instead of JSON (Apple's form_post); `body` checks it. */
  urlencoded?: boolean;
  /** For a 303, the (empty) body; the answer itself is its Location header. */
  response: TResponse;
  /** HTTP status of a success; 303 sends the browser on to the address the handler gives. */
  status: 200 | 201 | 202 | 204 | 303;
  /**
   * The error statuses the route's own logic answers (a taken e-mail, a missing listing); the ones every
   * route of its kind can answer are added by `routeErrorStatuses`.
   */
  errors: readonly ErrorStatus[];
}

/**
 * Every error status a route can answer, for its OpenAPI responses: its own, plus 400 (a request part that
 * fails its schema or the text rule, a bad percent-encoding), 500 and 503 (the database is away, with
 * Retry-After) everywhere; 413 and 415 where a body can be sent; 401 behind a bearer token; 404 and 414 (an
 * id over 100 characters) with an id in the path.
 */
export function routeErrorStatuses(descriptor: RouteDescriptor): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...descriptor.errors]);
  if (descriptor.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  if (descriptor.auth) statuses.add(401);
  if (descriptor.params) {
    statuses.add(404);
    statuses.add(414);
  }
  return [...statuses].sort((a, b) => a - b);
}

function route<
  TBody extends z.ZodType | undefined,
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined = undefined,
>(descriptor: RouteDescriptor<TBody, TResponse, TParams>): RouteDescriptor<TBody, TResponse, TParams> {
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

    errors: [409, 429],
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

    errors: [401, 429],
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/auth/password-reset',
    summary:
      'E-mail a link to choose a new password; the same answer whether or not the address has an account',
    tag: 'accounts',
    auth: false,
    body: PasswordResetRequestSchema,
    response: PasswordResetRequestedSchema,
    status: 202,

    errors: [429],
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/auth/password-reset/confirm',
    summary: "Choose a new password with the e-mailed link's token: signs in and ends every other session",
    tag: 'accounts',
    auth: false,
    body: PasswordResetConfirmSchema,
    response: AuthResponseSchema,
    status: 200,

    errors: [410, 429],
  }),
  authProviders: route({
    method: 'GET',
    path: '/auth/providers',
    summary: 'The sign-in providers (Google, Apple) this server is configured for',
    tag: 'accounts',
    auth: false,
    body: undefined,
    response: AuthProvidersResponseSchema,
    status: 200,

    errors: [],
  }),
  startOidc: route({
    method: 'POST',
    path: '/auth/oidc/:provider/start',
    summary: "Start signing in with Google or Apple: the provider's address and this browser's key",
    tag: 'accounts',
    auth: false,
    params: OidcProviderParamsSchema,
    body: OidcStartRequestSchema,
    response: OidcStartResponseSchema,
    status: 200,

    errors: [429, 503],
  }),
  completeOidc: route({
    method: 'POST',
    path: '/auth/oidc/:provider/complete',
    summary:
      "Finish signing in with the provider's code: signs in, creates the account, or asks to prove an existing one",
    tag: 'accounts',
    auth: false,
    params: OidcProviderParamsSchema,
    body: OidcCompleteRequestSchema,
    response: OidcOutcomeSchema,
    status: 200,

    errors: [409, 422, 429, 503],
  }),
  appleFormPost: route({
    method: 'POST',
    path: '/auth/oidc/apple/callback',
    summary:
      "Apple's form_post answer: sends the browser on to the web app's /auth/callback/apple page with code and state",
    tag: 'accounts',
    auth: false,
    urlencoded: true,
    body: AppleFormPostSchema,
    response: z.string().max(0).meta({ description: 'Empty: the Location header says where to go' }),
    status: 303,

    errors: [],
  }),
  linkOidc: route({
    method: 'POST',
    path: '/auth/oidc/:provider/link',
    summary: "Link the provider to the existing account with that account's password, and sign in",
    tag: 'accounts',
    auth: false,
    params: OidcProviderParamsSchema,
    body: OidcLinkRequestSchema,
    response: AuthResponseSchema,
    status: 200,

    errors: [401, 429],
  }),
  sendOidcLinkEmail: route({
    method: 'POST',
    path: '/auth/oidc/:provider/link-email',
    summary: 'E-mail the existing account a link that links the provider to it',
    tag: 'accounts',
    auth: false,
    params: OidcProviderParamsSchema,
    body: OidcLinkEmailRequestSchema,
    response: AcceptedSchema,
    status: 202,

    errors: [429],
  }),
  confirmOidcLink: route({
    method: 'POST',
    path: '/auth/oidc/link/confirm',
    summary: "Link the provider with the e-mailed link's token, and sign in",
    tag: 'accounts',
    auth: false,
    body: OidcLinkConfirmRequestSchema,
    response: AuthResponseSchema,
    status: 200,

    errors: [410, 429],
  }),
  sendEmailVerification: route({
    method: 'POST',
    path: '/user/email-verification',
    summary: 'E-mail the signed-in seller a new link to confirm their address',
    tag: 'accounts',
    auth: true,
    body: LanguageRequestSchema,
    response: AcceptedSchema,
    status: 202,

    errors: [429],
  }),
  confirmEmail: route({
    method: 'POST',
    path: '/user/email/confirm',
    summary: "Confirm an address with an e-mailed link's token: a sign-up's address or a new address",
    tag: 'accounts',
    auth: false,
    body: EmailTokenRequestSchema,
    response: EmailConfirmedSchema,
    status: 200,

    errors: [409, 410, 429],
  }),
  changePassword: route({
    method: 'POST',
    path: '/user/password',
    summary: 'Change (or, for a Google or Apple account, set) the password; ends every other session',
    tag: 'accounts',
    auth: true,
    body: ChangePasswordRequestSchema,
    response: AuthResponseSchema,
    status: 200,

    errors: [403, 429],
  }),
  changeEmail: route({
    method: 'POST',
    path: '/user/email',
    summary: 'Ask to change the e-mail address: a link goes to the new address, which is used once followed',
    tag: 'accounts',
    auth: true,
    body: ChangeEmailRequestSchema,
    response: EmailChangeRequestedSchema,
    status: 202,

    errors: [403, 409, 429],
  }),
  exportAccount: route({
    method: 'GET',
    path: '/user/export',
    summary: "Everything of the seller's as a zip: listings as JSON and CSV, their photos, the account",
    tag: 'accounts',
    auth: true,
    body: undefined,
    produces: 'application/zip',
    response: z.string().meta({ format: 'binary' }),
    status: 200,

    errors: [429],
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/user/delete',
    summary:
      'Delete the account for good: photos, listings, sessions, marketplace tokens; the subscription is cancelled',
    tag: 'accounts',
    auth: true,
    body: DeleteAccountRequestSchema,
    response: AcceptedSchema,
    status: 200,

    errors: [403, 429, 502],
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

    errors: [],
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

    errors: [],
  }),
  createGeneration: route({
    method: 'POST',
    path: '/listing',
    summary: 'Start a listing from photos: returns one signed upload URL per photo',
    tag: 'generation',
    auth: true,
    body: CreateGenerationRequestSchema,
    response: CreateGenerationResponseSchema,
    status: 201,

    errors: [402, 413, 429],
  }),
  startGeneration: route({
    method: 'POST',
    path: '/listing/generate',
    summary: 'Check the uploaded photos, write the listing and return it',
    tag: 'generation',
    auth: true,
    body: StartGenerationRequestSchema,
    response: ListingSchema,
    status: 200,

    errors: [402, 404, 409, 410, 422, 503],
  }),
  getListing: route({
    method: 'GET',
    path: '/listings/:id',
    summary: "One of the seller's listings",
    tag: 'listings',
    auth: true,
    body: undefined,
    params: ListingIdParamsSchema,
    response: ListingSchema,
    status: 200,

    errors: [],
  }),
  listListings: route({
    method: 'POST',
    path: '/crosslister/listings',
    summary: 'One page of generated or inventory listings, newest first (opaque keyset cursor)',
    tag: 'listings',
    auth: true,
    body: ListListingsRequestSchema,
    response: ListListingsResponseSchema,
    status: 200,

    errors: [],
  }),
  searchListings: route({
    method: 'POST',
    path: '/crosslister/listings/search',
    summary: 'Listings whose title, brand, description, tags or SKU match, 10 at a time',
    tag: 'listings',
    auth: true,
    body: SearchListingsRequestSchema,
    response: SearchListingsResponseSchema,
    status: 200,

    errors: [],
  }),
  exportListings: route({
    method: 'GET',
    path: '/crosslister/listings/export',
    summary: 'Every listing of one tab as a CSV file (UTF-8, for spreadsheets)',
    tag: 'listings',
    auth: true,
    body: undefined,
    query: ExportListingsQuerySchema,
    produces: 'text/csv',
    response: z.string(),
    status: 200,

    errors: [],
  }),
  createListing: route({
    method: 'POST',
    path: '/listings',
    summary: 'Create an inventory listing (from scratch, or from a generated listing with sourceId)',
    tag: 'listings',
    auth: true,
    body: ListingInputSchema,
    response: ListingSchema,
    status: 201,

    errors: [402, 404],
  }),
  updateListing: route({
    method: 'PUT',
    path: '/listings/:id',
    summary: 'Replace an inventory listing with the edited form',
    tag: 'listings',
    auth: true,
    body: ListingInputSchema,
    params: ListingIdParamsSchema,
    response: ListingSchema,
    status: 200,

    errors: [],
  }),
  answerSuggestion: route({
    method: 'POST',
    path: '/listings/:id/suggestions',
    summary: "The seller's yes or no to a suggested brand or size; answers the updated listing",
    tag: 'listings',
    auth: true,
    body: AnswerSuggestionRequestSchema,
    params: ListingIdParamsSchema,
    response: ListingSchema,
    status: 200,

    errors: [409],
  }),
  deleteListing: route({
    method: 'DELETE',
    path: '/listings/:id',
    summary: 'Delete a listing and its stored photos',
    tag: 'listings',
    auth: true,
    body: undefined,
    params: ListingIdParamsSchema,
    response: DeleteListingsResponseSchema,
    status: 200,

    errors: [],
  }),
  deleteListings: route({
    method: 'POST',
    path: '/listings/delete',
    summary: 'Delete several listings at once (the ones that are the seller’s; others are skipped)',
    tag: 'listings',
    auth: true,
    body: DeleteListingsRequestSchema,
    response: DeleteListingsResponseSchema,
    status: 200,

    errors: [],
  }),
  uploadPhoto: route({
    method: 'POST',
    path: '/photos/upload',
    summary: 'Upload one photo (multipart field `photo`); it is checked, normalised and stored',
    tag: 'photos',
    auth: true,
    body: undefined,
    multipart: true,
    response: UploadedPhotoSchema,
    status: 201,

    errors: [413, 415, 422, 429],
  }),
  completeOnboarding: route({
    method: 'POST',
    path: '/users/onboarding',
    summary: 'Record that the seller has seen the onboarding (on every device)',
    tag: 'accounts',
    auth: true,
    body: undefined,
    response: OnboardingResponseSchema,
    status: 200,

    errors: [],
  }),
  plans: route({
    method: 'GET',
    path: '/plans',
    summary: 'The plan catalogue, the free allowance and the support address',
    tag: 'plans',
    auth: false,
    body: undefined,
    response: PlansResponseSchema,
    status: 200,

    errors: [],
  }),
  checkout: route({
    method: 'POST',
    path: '/checkout',
    summary: 'A payment page for a plan price id: open the returned URL in a new window',
    tag: 'plans',
    auth: true,
    body: CheckoutRequestSchema,
    response: CheckoutResponseSchema,
    status: 200,

    errors: [409, 502],
  }),
  paymentWebhook: route({
    method: 'POST',
    path: '/payments/webhook',
    summary: "The payment provider's signed events (Stripe-Signature); idempotent by event id",
    tag: 'plans',
    auth: false,
    body: undefined,
    rawBody: true,
    response: WebhookResponseSchema,
    status: 200,

    errors: [],
  }),
  marketplaceConnections: route({
    method: 'GET',
    path: '/marketplaces',
    summary: 'The marketplaces Snaplist publishes to, and the seller’s connection to each',
    tag: 'crosslisting',
    auth: true,
    body: undefined,
    response: MarketplaceConnectionsResponseSchema,
    status: 200,

    errors: [],
  }),
  connectMarketplace: route({
    method: 'POST',
    path: '/marketplaces/:marketplace/connect',
    summary: 'Start connecting a marketplace account: the address where the seller grants access',
    tag: 'crosslisting',
    auth: true,
    body: ConnectMarketplaceRequestSchema,
    params: MarketplaceParamsSchema,
    response: ConnectMarketplaceResponseSchema,
    status: 200,

    errors: [429],
  }),
  completeMarketplaceConnection: route({
    method: 'POST',
    path: '/marketplaces/:marketplace/callback',
    summary: 'Finish connecting with what the marketplace sent back to the callback page',
    tag: 'crosslisting',
    auth: true,
    body: CompleteConnectionRequestSchema,
    params: MarketplaceParamsSchema,
    response: MarketplaceConnectionSchema,
    status: 200,

    errors: [502],
  }),
  saveMarketplaceSettings: route({
    method: 'PUT',
    path: '/marketplaces/:marketplace/settings',
    summary: 'Choose what the marketplace needs beyond the listing (policies, location, shipping profile)',
    tag: 'crosslisting',
    auth: true,
    body: SaveMarketplaceSettingsRequestSchema,
    params: MarketplaceParamsSchema,
    response: MarketplaceConnectionSchema,
    status: 200,

    errors: [409, 502],
  }),
  disconnectMarketplace: route({
    method: 'DELETE',
    path: '/marketplaces/:marketplace',
    summary: 'Disconnect: revoke and forget the tokens (live listings stay on the marketplace)',
    tag: 'crosslisting',
    auth: true,
    body: undefined,
    params: MarketplaceParamsSchema,
    response: MarketplaceConnectionSchema,
    status: 200,

    errors: [],
  }),
  publishListing: route({
    method: 'POST',
    path: '/listings/:id/publish',
    summary: 'Publish a listing to connected marketplaces (queued; follow it with publications)',
    tag: 'crosslisting',
    auth: true,
    body: PublishRequestSchema,
    params: ListingIdParamsSchema,
    response: PublicationsResponseSchema,
    status: 200,

    errors: [409, 422],
  }),
  listingPublications: route({
    method: 'GET',
    path: '/listings/:id/publications',
    summary: 'Where a listing is published, each copy’s status and URL, and what happened to it',
    tag: 'crosslisting',
    auth: true,
    body: undefined,
    params: ListingIdParamsSchema,
    response: PublicationsResponseSchema,
    status: 200,

    errors: [],
  }),
  publicationsByListing: route({
    method: 'POST',
    path: '/listings/publications',
    summary: 'Each copy’s status and URL for several listings at once (the seller’s; others are left out)',
    tag: 'crosslisting',
    auth: true,
    body: PublicationsByListingRequestSchema,
    response: PublicationsByListingResponseSchema,
    status: 200,

    errors: [],
  }),
  markListingSold: route({
    method: 'POST',
    path: '/listings/:id/sold',
    summary: 'One sold: lower the quantity, and at none left end the listing on every other marketplace',
    tag: 'crosslisting',
    auth: true,
    body: MarkSoldRequestSchema,
    params: ListingIdParamsSchema,
    response: PublicationsResponseSchema,
    status: 200,

    errors: [409],
  }),
  activity: route({
    method: 'GET',
    path: '/activity',
    summary: 'The latest crosslisting events across the seller’s listings, newest first',
    tag: 'crosslisting',
    auth: true,
    body: undefined,
    response: ActivityResponseSchema,
    status: 200,

    errors: [],
  }),
  recordListedOn: route({
    method: 'POST',
    path: '/listings/:id/listed-on',
    summary:
      "Record where the item is now listed (the extension, after the seller posted a marketplace's form)",
    tag: 'extension',
    auth: true,
    body: RecordListedOnRequestSchema,
    params: ListingIdParamsSchema,
    response: RecordListedOnResponseSchema,
    status: 200,

    errors: [],
  }),
  extensionLinks: route({
    method: 'GET',
    path: '/extension/links',
    summary:
      "The seller's listings on Vinted, Depop and Poshmark, for the extension to recognise their pages",
    tag: 'extension',
    auth: true,
    body: undefined,
    response: ExtensionLinksResponseSchema,
    status: 200,

    errors: [],
  }),
  reportSale: route({
    method: 'POST',
    path: '/extension/sales',
    summary:
      'The seller’s browser showed one of their Vinted, Depop or Poshmark items as sold: count it once',
    tag: 'extension',
    auth: true,
    body: ReportSaleRequestSchema,
    response: ReportSaleResponseSchema,
    status: 200,

    errors: [404],
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

    errors: [],
  }),
  backgroundRemovalSettings: route({
    method: 'GET',
    path: '/background-removal',
    summary: 'How the browser removes backgrounds: model, device, output and where the model files are',
    tag: 'generation',
    auth: false,
    body: undefined,
    response: BackgroundRemovalSettingsSchema,
    status: 200,

    errors: [],
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

    errors: [],
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<R extends RouteDescriptor> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;
export type RouteResponse<R extends RouteDescriptor> = z.output<R['response']>;
