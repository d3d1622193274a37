// "Export my data" (GET /api/user/export): everything of the seller's as one zip (listings as JSON and CSV,
// photos, the account), saved under the server's file name.
import { routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, type SaveFile } from '@/lib/download-file';

export const EXPORT_FALLBACK_NAME = 'snaplist-export.zip';

export function exportAccount(save?: SaveFile): Promise<string> {
  return downloadFile(routes.exportAccount, { fallbackName: EXPORT_FALLBACK_NAME, save });
}

export function useExportAccount() {
  return useMutation({ mutationFn: () => exportAccount() });
}
