// Leaving Snaplist for the marketplace's consent page, which sends the browser back to the callback page.
// Its own module so that component tests can stand in for a navigation jsdom cannot make.

export function goToMarketplace(authorizeUrl: string): void {
  window.location.assign(authorizeUrl);
}
