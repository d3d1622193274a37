// What a page opened from an e-mail link shows before anything is sent: what the link will do, and the one button
// that does it, busy while the request is on its way, with why it failed under it.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { AuthFailure } from '../lib/auth-failure';
import { FailureAlert } from './failure-alert';

interface ConfirmLinkCardProps {
  title: ReactNode;
  intro: ReactNode;
  /** The button's words, and what it says while the request is on its way. */
  action: string;
  pendingAction: string;
  pending: boolean;
  onConfirm: () => void;
  failure: AuthFailure | undefined;
}

export function ConfirmLinkCard({
  title,
  intro,
  action,
  pendingAction,
  pending,
  onConfirm,
  failure,
}: ConfirmLinkCardProps) {
  return (
    <section className="card auth-page">
      <h1 className="card__title">{title}</h1>
      <p className="auth-page__intro">{intro}</p>
      <Button size="lg" onClick={onConfirm} disabled={pending}>
        {pending && <Spinner size="sm" />}
        {pending ? pendingAction : action}
      </Button>
      {failure && <FailureAlert {...failure} />}
    </section>
  );
}
