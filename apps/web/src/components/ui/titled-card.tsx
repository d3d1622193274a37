// A card section named by its heading, so it is a landmark a screen reader lists by that name.
import type { ReactNode } from 'react';

interface TitledCardProps {
  /** The heading's id, which names the section. */
  titleId: string;
  /** Classes beside "card". */
  className: string;
  title: ReactNode;
  children: ReactNode;
}

export function TitledCard({ titleId, className, title, children }: TitledCardProps) {
  return (
    <section className={`card ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
