// Asks before something that cannot be undone (deleting): an alert dialog with Cancel first, so Enter or a
// stray tap keeps things as they are. While the action runs both buttons wait; when the action removed the
// button that opened the dialog, focus goes to `fallbackFocus` instead of being lost on <body>.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { useReturnFocus } from './use-return-focus';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  /** Called with false on Cancel, Escape or a click outside (ignored while busy). */
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
    <RadixDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          role="alertdialog"
          className="dialog dialog--confirm"
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          aria-busy={busy}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Description className="dialog__message">{description}</RadixDialog.Description>
          </div>
          <div className="dialog__actions dialog__actions--confirm">
            <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            {/* aria-disabled, not disabled: the focused button keeps focus (and the trap) while it waits. */}
            <Button variant="danger" aria-disabled={busy} onClick={() => !busy && onConfirm()}>
              {busy && <Spinner size="sm" />}
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
