// The shared modal dialog on Radix: focus trapped, Escape closes, a titled and described surface.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './use-return-focus';

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
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={['dialog', className].filter(Boolean).join(' ')} {...returnFocus}>
          <div className={hideHeader ? 'visually-hidden' : 'dialog__header'}>
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          </div>
          {children}
          <RadixDialog.Close className="dialog__close" aria-label={t('common.close')}>
            <X size={20} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
