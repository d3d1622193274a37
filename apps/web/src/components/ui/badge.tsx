// A small pill label ("Coming Soon", "Recommended").
import type { ReactNode } from 'react';

export function Badge({ children, tone = 'accent' }: { children: ReactNode; tone?: 'accent' | 'neutral' }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
