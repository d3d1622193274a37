// One copyable part of the listing (title, price, description, tags): a heading, a copy action, the value
// and where it came from.
import type { FieldEvidence } from '@snaplist/contract';
import type { ReactNode } from 'react';
import { EvidenceNote } from './evidence-note';

interface FieldCardProps {
  id: string;
  title: string;
  actions?: ReactNode;
  evidence?: readonly FieldEvidence[] | undefined;
  children: ReactNode;
}

export function FieldCard({ id, title, actions, evidence, children }: FieldCardProps) {
  return (
    <section className="card field-card" aria-labelledby={id}>
      <div className="field-card__head">
        <h2 id={id} className="field-card__title">
          {title}
        </h2>
        {actions && <div className="field-card__actions">{actions}</div>}
      </div>
      {children}
      <EvidenceNote evidence={evidence} />
    </section>
  );
}
