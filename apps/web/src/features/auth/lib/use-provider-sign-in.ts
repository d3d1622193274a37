// "Continue with Google" and "Continue with Apple" in the auth modal (decision 044): the
// provider's page opens in a popup, so the page behind the modal (and a photo upload's photos, held only in its
// memory) stays as it is; the state and browser key stay in this page's memory. When the browser blocks the
// popup, this tab goes to the provider instead and the callback page finishes the sign-in (provider-callback.ts).
// A signed-in answer continues as a password sign-in does; an existing password account asks for proof first.
import type { OidcProvider } from '@snaplist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLanguage } from '@/lib/i18n';
import { closeWindow } from '@/lib/waiting-window';
import { type AuthModalContext, useAuthStore } from '@/stores/auth';
import { completeProviderSignIn, startProviderSignIn } from '../api/oidc';
import type { AuthFailure } from './auth-failure';
import { finishSignIn } from './finish-sign-in';
import { type ProviderAnswer, savePendingRedirect } from './provider-callback';
import { describeProviderFailure, describeProviderRefusal } from './providers';
import { listenForProviderAnswers, openSignInPopup, tabNavigation, watchPopupClosed } from './sign-in-popup';

/** An account that exists with the provider's e-mail: the seller proves it is theirs to link the provider. */
export interface LinkRequest {
  provider: OidcProvider;
  email: string;
  state: string;
  browserKey: string;
}

export interface ProviderSignIn {
  start: (provider: OidcProvider) => void;
  /** The provider whose sign-in is under way (its button shows it), or null. */
  busyProvider: OidcProvider | null;
  failure: AuthFailure | undefined;
  linkRequest: LinkRequest | null;
  /** Back from the link view to the sign-in form. */
  cancelLink: () => void;
}

interface Attempt {
  provider: OidcProvider;
  state: string;
  browserKey: string;
  popup: Window;
}

export function useProviderSignIn(context: AuthModalContext, isOpen: boolean): ProviderSignIn {
  const { t, i18n } = useTranslation();
  const [busyProvider, setBusyProvider] = useState<OidcProvider | null>(null);
  const [failure, setFailure] = useState<AuthFailure | undefined>();
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  // The one sign-in this page waits for; a new click replaces it, and any answer for another state is ignored.
  const attempt = useRef<Attempt | null>(null);
  const stopWaiting = useRef<(() => void)[]>([]);
  const clicks = useRef(0);

  const abandon = useCallback(() => {
    for (const stop of stopWaiting.current) stop();
    stopWaiting.current = [];
    attempt.current = null;
  }, []);

  // A closed modal waits for nothing: a late answer must not sign in someone who gave up.
  useEffect(() => {
    if (isOpen) return;
    abandon();
    clicks.current += 1;
    setBusyProvider(null);
    setFailure(undefined);
    setLinkRequest(null);
  }, [isOpen, abandon]);
  useEffect(() => abandon, [abandon]);

  const onAnswer = useCallback(
    async (answer: ProviderAnswer) => {
      const current = attempt.current;
      if (!current || answer.state !== current.state || answer.provider !== current.provider) return;
      abandon();
      closeWindow(current.popup);
      if ('error' in answer) {
        setFailure(describeProviderRefusal(answer.error, current.provider, t));
        setBusyProvider(null);
        return;
      }
      // Busy again: the window's closing may have reset the button while the seller was still in it.
      setBusyProvider(current.provider);
      try {
        const outcome = await completeProviderSignIn(current.provider, {
          state: current.state,
          code: answer.code,
          browserKey: current.browserKey,
        });
        if (outcome.status === 'link_required') {
          const { provider, email } = outcome;
          setLinkRequest({ provider, email, state: current.state, browserKey: current.browserKey });
          return;
        }
        const welcome = outcome.accountCreated ? 'welcome' : 'welcome_back';
        await finishSignIn({ jwtToken: outcome.jwtToken, welcome, context }, t);
        useAuthStore.getState().closeAuthModal();
      } catch (error) {
        setFailure(describeProviderFailure(error, current.provider, t));
      } finally {
        setBusyProvider(null);
      }
    },
    [abandon, context, t],
  );

  const start = useCallback(
    (provider: OidcProvider) => {
      abandon();
      const click = ++clicks.current;
      setFailure(undefined);
      useAuthStore.getState().setError(null);
      // Synchronously, inside the click: anything later is a popup the browser may block.
      const popup = openSignInPopup(t('oidc.popup_waiting'), i18n.resolvedLanguage ?? 'en');
      setBusyProvider(provider);

      startProviderSignIn(provider, { language: pageLanguage(i18n) })
        .then(({ authorizationUrl, state, browserKey }) => {
          // Another click, or the modal closed, while the server answered: this attempt is over.
          if (click !== clicks.current) {
            closeWindow(popup);
            return;
          }
          if (!popup) {
            const { pathname, search } = window.location;
            savePendingRedirect({ provider, state, browserKey, returnTo: `${pathname}${search}`, context });
            tabNavigation.leaveFor(authorizationUrl);
            return;
          }
          // The seller closed the waiting window: they changed their mind.
          if (popup.closed) {
            setBusyProvider(null);
            return;
          }
          attempt.current = { provider, state, browserKey, popup };
          stopWaiting.current = [
            listenForProviderAnswers((answer) => void onAnswer(answer)),
            watchPopupClosed(popup, () => {
              if (attempt.current?.state === state) setBusyProvider(null);
            }),
          ];
          popup.location.href = authorizationUrl;
        })
        .catch((error: unknown) => {
          if (click !== clicks.current) return;
          closeWindow(popup);
          setFailure(describeProviderFailure(error, provider, t));
          setBusyProvider(null);
        });
    },
    [abandon, context, i18n, onAnswer, t],
  );

  const cancelLink = useCallback(() => setLinkRequest(null), []);

  return { start, busyProvider, failure, linkRequest, cancelLink };
}
