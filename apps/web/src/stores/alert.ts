// The app's "alert": where the spec says alert, the message queues here and one accessible in-app dialog
// (AlertDialogHost) shows it, instead of the browser's blocking window.alert.
import { create } from 'zustand';

export interface AlertState {
  /** Messages waiting to be acknowledged; the first one is on screen. */
  queue: string[];
  showAlert: (message: string) => void;
  dismissAlert: () => void;
}

export const useAlertStore = create<AlertState>()((set) => ({
  queue: [],
  showAlert: (message) => set((state) => ({ queue: [...state.queue, message] })),
  dismissAlert: () => set((state) => ({ queue: state.queue.slice(1) })),
}));

/** Shorthand for code outside React (event handlers, async flows). */
export function showAlert(message: string): void {
  useAlertStore.getState().showAlert(message);
}
