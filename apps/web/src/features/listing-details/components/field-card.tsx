// One copyable part of the listing (title, price, description, tags): a heading, a copy action, the value
// and where it came from.
import type { FieldEvidence } from '@snaplist/contract';
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { EvidenceNote } from './evidence-note';

interface FieldCardProps {
  id: string;
  title: string;
  /** The value's copy action, named by `label`; none while there is no value to copy. */
  copy?: { text: string | null | undefined; label: string };
  actions?: ReactNode;
  evidence?: readonly FieldEvidence[] | undefined;
  children: ReactNode;
}

export function FieldCard({ id, title, copy, actions, evidence, children }: FieldCardProps) {
  const action = copy?.text ? <CopyButton text={copy.text} label={copy.label} /> : actions;
  return (
    <section className="card field-card" aria-labelledby={id}>
      <div className="field-card__head">
        <h2 id={id} className="field-card__title">
          {title}
        </h2>
        {action && <div className="field-card__actions">{action}</div>}
      </div>
      {children}
      <EvidenceNote evidence={evidence} />
    </section>
  );
}
