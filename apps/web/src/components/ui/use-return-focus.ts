// Radix returns focus to a dialog's Trigger on close; our dialogs open from stores (any button, or none),
// so without this focus would fall to <body> and a keyboard user would lose their place.
import { useRef } from 'react';

export function useReturnFocus() {
  const openedFrom = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = openedFrom.current;
      openedFrom.current = null;
      if (target?.isConnected && target !== document.body) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
