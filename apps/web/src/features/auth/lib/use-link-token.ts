// The token of an e-mailed link (`?token=...`), read once and taken out of the address at once, so it stays out
// of the history, of a copied address and of any Referer (the server also sends `Referrer-Policy: no-referrer`).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const TOKEN_PARAM = 'token';

export function useLinkToken(): string {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Kept from the first render: the address loses the token right after.
  const [token] = useState(() => search.get(TOKEN_PARAM) ?? '');

  useEffect(() => {
    if (search.has(TOKEN_PARAM)) void navigate(pathname, { replace: true });
  }, [search, pathname, navigate]);

  return token;
}
