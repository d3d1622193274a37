// A preview URL for a file (or a blob, such as a cut-out) that lives exactly as long as the component showing
// it: created on mount, revoked on unmount or when the file changes, so removed photos and a left page free
// their memory.
import { useEffect, useState } from 'react';

export function useObjectUrl(file: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<{ file: Blob; url: string }>();

  useEffect(() => {
    if (!file) return;
    const created = URL.createObjectURL(file);
    setUrl({ file, url: created });
    return () => URL.revokeObjectURL(created);
  }, [file]);

  // Never hand out a URL made for a previous file (or one already revoked by the cleanup).
  return url && url.file === file ? url.url : undefined;
}
