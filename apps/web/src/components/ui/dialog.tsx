// The shared modal dialog on Radix: focus trapped, Escape closes, a titled and described surface. DialogFrame is
// its surface alone (overlay, focus given back on close, the close button), for a dialog that writes its own
// header or takes the focus itself.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './use-return-focus';

export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;

interface DialogFrameProps extends ComponentProps<typeof RadixDialog.Content> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  overlayClassName?: string;
}

export function DialogFrame({
  open,
  onOpenChange,
  overlayClassName = 'dialog-overlay',
  onOpenAutoFocus,
  children,
  ...content
}: DialogFrameProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName} />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          {...content}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            onOpenAutoFocus?.(event);
          }}
        >
          {children}
          <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
            <X size={20} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  /** Hides the title/description visually while keeping them for assistive technology. */
  hideHeader?: boolean;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideHeader,
  className,
}: DialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className={['dialog', className].filter(Boolean).join(' ')}
    >
      <div className={hideHeader ? 'visually-hidden' : 'dialog__header'}>
        <DialogTitle className="dialog__title">{title}</DialogTitle>
        <DialogDescription className="dialog__description">{description}</DialogDescription>
      </div>
      {children}
    </DialogFrame>
  );
}
