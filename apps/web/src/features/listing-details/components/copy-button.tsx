// A copy action: puts text on the clipboard and says so in a toast (the spec's success toasts).
import { Copy } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';

/** Copies and toasts `successMessage` (default 'Copied to clipboard!'), or an error when the browser refuses. */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string, successMessage?: string) => {
    if (await copyText(text)) toast.success(successMessage ?? t('listing_details.copied'));
    else toast.error(t('listing_details.copy_failed'));
  };
}

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers: "Copy Title". */
  label: string;
  successMessage?: string;
  children?: React.ReactNode;
}

export function CopyButton({ text, label, successMessage, children }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="copy-button"
      onClick={() => void copy(text, successMessage)}
      aria-label={children ? undefined : label}
      title={label}
    >
      <Copy size={16} aria-hidden="true" />
      {children ?? <span aria-hidden="true">{t('listing_details.copy')}</span>}
    </Button>
  );
}
