// Every route of the app, named once. Links and navigation use these, never string literals.

export const paths = {
  home: '/',
  photoUpload: '/photo-upload',
  plans: '/plans',
  /** Where a password reset e-mail links to, with the link's token in the query: `?token=...`. */
  resetPassword: '/reset-password',
  /**
   * Where Google or Apple send the seller back after signing in, with `?code&state` (or `?error&state`): the
   * server gives it to the provider as `${PUBLIC_URL}/auth/callback/{provider}`.
   */
  providerCallbackPattern: '/auth/callback/:provider',
  /** Where the e-mail that links Google or Apple to an existing account leads, with `?token=...`. */
  linkAccount: '/auth/link',
  /** Where an e-mail address confirmation link leads, with `?token=...`. */
  confirmEmail: '/confirm-email',
  /**
   * Where a marketplace sends the seller back after they granted access: the server gives it to the
   * marketplace as `${PUBLIC_URL}/marketplaces/callback/{marketplace}`.
   */
  marketplaceCallbackPattern: '/marketplaces/callback/:marketplace',
  dashboard: {
    home: '/dashboard',
    listings: '/dashboard/listings',
    createListing: '/dashboard/listings/create',
    listing: (itemId: string) => `/dashboard/listings/${encodeURIComponent(itemId)}`,
    listingPattern: '/dashboard/listings/:itemId',
    analytics: '/dashboard/analytics',
    messages: '/dashboard/messages',
    settings: '/dashboard/settings',
    plans: '/dashboard/plans',
    guideCrosslister: '/dashboard/guide/crosslister',
    guideGrow: '/dashboard/guide/grow',
  },
} as const;

/** These paths count as plan paths (the paywall treats them specially). */
export const PLAN_PATHS: readonly string[] = [paths.plans, paths.dashboard.plans, paths.photoUpload];
