// A page that is one card saying where a step stands: still working (a sign-in coming back from a provider, a
// marketplace being connected), failed (a callback refused, a link expired or used) or done, with the way on.
// The caller's class sizes the card.
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import './page-card.css';

interface OutcomePageCardProps {
  /** A failure is announced as a whole; what was done, by its text. */
  outcome: 'failed' | 'done';
  className: string;
  title: ReactNode;
  text: ReactNode;
  /** The way on: back, to Settings, or a new link. */
  action: ReactNode;
}

export function OutcomePageCard({ outcome, className, title, text, action }: OutcomePageCardProps) {
  const failed = outcome === 'failed';
  const Icon = failed ? CircleAlert : CircleCheck;
  return (
    <section className={`card ${className}`} role={failed ? 'alert' : undefined}>
      <h1 className={`card__title page-card__title page-card__title--${outcome}`}>
        <Icon size={22} aria-hidden="true" />
        {title}
      </h1>
      <p role={failed ? undefined : 'status'}>{text}</p>
      {action}
    </section>
  );
}

interface WorkingPageCardProps {
  className: string;
  title: ReactNode;
  /** What is happening, announced. */
  status: ReactNode;
}

export function WorkingPageCard({ className, title, status }: WorkingPageCardProps) {
  return (
    <section className={`card ${className}`} aria-busy="true">
      <h1 className="card__title">{title}</h1>
      <p className="page-card__working">
        <Spinner size="md" />
        <span role="status">{status}</span>
      </p>
    </section>
  );
}
