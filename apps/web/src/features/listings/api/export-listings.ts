// Export CSV on the inventory tab (GET /api/crosslister/listings/export?type=inventory): the whole
// inventory, not only the loaded pages, saved under the server's file name.
import { routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile, type SaveFile } from '@/lib/download-file';

export const EXPORT_FALLBACK_NAME = 'snaplist-inventory.csv';

export function exportInventory(save?: SaveFile): Promise<string> {
  return downloadFile(routes.exportListings, {
    query: { type: 'inventory' },
    fallbackName: EXPORT_FALLBACK_NAME,
    save,
  });
}

export function useExportInventory() {
  return useMutation({ mutationFn: () => exportInventory() });
}
