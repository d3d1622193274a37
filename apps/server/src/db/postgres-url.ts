// Where a postgres:// URL points, for messages (start-up errors, the test runner's warning).

/** "host:port" of the URL: never its user or password. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname) || 'localhost');
  return `${host}:${parsed.port || '5432'}`;
}
