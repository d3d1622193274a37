// Leaving the form with unsaved changes asks first: a navigation inside the app is held by the
// router's blocker and a dialog offers Stay or Leave; closing or reloading the tab gets the browser's own
// prompt. A successful save lets the navigation that follows it through.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export function useUnsavedChangesGuard(dirty: boolean) {
  // Set right before a navigation that must not be held (after a save), in the same tick as the navigate.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    blocker,
    /** Lets the next navigation through (call right before navigating away after a save). */
    allowLeaving: () => {
      leaving.current = true;
    },
  };
}

export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('listing_editor.unsaved_title')}
      description={t('listing_editor.unsaved_text')}
    >
      <div className="editor-dialog__actions">
        <Button variant="secondary" onClick={() => blocker.state === 'blocked' && blocker.reset()}>
          {t('listing_editor.unsaved_stay')}
        </Button>
        <Button variant="danger" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
          {t('listing_editor.unsaved_leave')}
        </Button>
      </div>
    </Dialog>
  );
}
