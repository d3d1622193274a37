// Copying text for the seller to paste into a marketplace; resolves false when the browser refuses
// (no permission, insecure context) so the caller can say so instead of pretending it worked.
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
