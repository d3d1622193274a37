// A link from an e-mail that ends signed in (a password reset, a provider link confirmed): the account's token
// and user are kept, the seller is told, and the dashboard opens.
import type { AuthResponse } from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useAuthStore } from '@/stores/auth';

const DONE_TOAST_MS = 4000;

export function useSignInFromLink(): (signedIn: AuthResponse, doneMessage: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async ({ jwtToken, user }, doneMessage) => {
    // Whoever was signed in in this browser before, their cached data is not this account's.
    queryClient.clear();
    const auth = useAuthStore.getState();
    auth.setToken(jwtToken);
    auth.setUser(user);
    toast.success(doneMessage, { duration: DONE_TOAST_MS, position: 'top-center' });
    await navigate(paths.dashboard.home, { replace: true });
  };
}
