// The quiet line under a field that says where it came from; further reasons fold into a "Why?" disclosure.
// Every reason is in the page's language, each said once.
import type { FieldEvidence } from '@snaplist/contract';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { evidenceCaptions } from '../evidence';

export function EvidenceNote({ evidence }: { evidence: readonly FieldEvidence[] | undefined }) {
  const { t } = useTranslation();
  if (!evidence || evidence.length === 0) return null;
  const [first, ...rest] = evidenceCaptions(evidence, t);
  return (
    <div className="evidence">
      <p className="evidence__caption">
        <Info size={14} aria-hidden="true" />
        <span>
          <span className="visually-hidden">{t('evidence.source_label')} </span>
          {first}
        </span>
      </p>
      {rest.length > 0 && (
        <details className="evidence__more">
          <summary>{t('evidence.more', { count: rest.length })}</summary>
          <ul>
            {rest.map((caption) => (
              <li key={caption}>{caption}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
