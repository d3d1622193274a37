// Everything the whole app shares: server-data cache, translations, toasts and the alert dialog.
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useHasBeenTrue } from '@/hooks/use-has-been-true';
import { i18n } from '@/lib/i18n';
import { QueryClientOnDemandProvider } from '@/lib/query-client-on-demand';
import { useAlertStore } from '@/stores/alert';

// Loaded when first needed (decision 027): the first page of a visit shows neither.
const AlertDialogHost = lazy(() =>
  import('@/components/ui/alert-dialog-host').then((module) => ({ default: module.AlertDialogHost })),
);
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/** The spec's default durations per toast kind, top-centre. */
const TOAST_OPTIONS = {
  blank: { duration: 4000 },
  error: { duration: 4000 },
  success: { duration: 2000 },
  loading: { duration: Number.POSITIVE_INFINITY },
  custom: { duration: 4000 },
  className: 'toast',
};

/**
 * Every toast answers something the seller did, so the toaster mounts at the first press of a key or a
 * pointer. A toast raised while it loads waits in react-hot-toast's store and shows once it is there.
 */
function ToasterFromFirstInteraction() {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const onInteraction = () => {
      setInteracted(true);
      controller.abort();
    };
    for (const type of ['pointerdown', 'keydown'] as const) {
      window.addEventListener(type, onInteraction, { capture: true, signal: controller.signal });
    }
    return () => controller.abort();
  }, []);
  return (
    <Suspense fallback={null}>
      {interacted && <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />}
    </Suspense>
  );
}

function AlertDialogFromFirstAlert() {
  const needed = useHasBeenTrue(useAlertStore((state) => state.queue.length > 0));
  return <Suspense fallback={null}>{needed && <AlertDialogHost />}</Suspense>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientOnDemandProvider>
        {children}
        <ToasterFromFirstInteraction />
        <AlertDialogFromFirstAlert />
      </QueryClientOnDemandProvider>
    </I18nextProvider>
  );
}
