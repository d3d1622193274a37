// The shared Dialog for a page where it may never open: the dialog library (Radix with its focus trap and
// scroll lock, about 12 KB compressed) loads when the dialog first opens, not with the page, and the dialog
// then stays mounted so that closing still animates and gives focus back (decision 027).
import { lazy, Suspense } from 'react';
import { useHasBeenTrue } from '@/hooks/use-has-been-true';
import type { DialogProps } from './dialog';

const Dialog = lazy(() => import('./dialog').then((module) => ({ default: module.Dialog })));

export function DialogOnDemand(props: DialogProps) {
  const needed = useHasBeenTrue(props.open);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
