// Asks before something that cannot be undone (deleting): a Radix alert dialog with Cancel first and focused,
// so Enter or a stray tap keeps things as they are, and a click outside does not count as an answer. While
// the action runs both buttons wait; when the action removed the button that opened the dialog, focus goes
// to `fallbackFocus` instead of being lost on <body>.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button, buttonClass } from './button';
import { Spinner } from './spinner';
import { useReturnFocus } from './use-return-focus';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  /** Called with false on Cancel or Escape (ignored while busy). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's text while `busy`. */
  busyLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close when the element that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  onConfirm,
  fallbackFocus,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  const onCloseAutoFocus = (event: Event) => {
    returnFocus.onCloseAutoFocus(event);
    if (event.defaultPrevented) return;
    const target = fallbackFocus?.();
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog--confirm"
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          aria-busy={busy}
        >
          <div className="dialog__header">
            <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
            <AlertDialog.Description className="dialog__message">{description}</AlertDialog.Description>
          </div>
          <div className="dialog__actions dialog__actions--confirm">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action, which closes at once: the dialog stays, busy, until the action is done.
                aria-disabled, not disabled: the focused button keeps focus (and the trap) while it waits. */}
            <Button variant="danger" aria-disabled={busy} onClick={() => !busy && onConfirm()}>
              {busy && <Spinner size="sm" />}
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
