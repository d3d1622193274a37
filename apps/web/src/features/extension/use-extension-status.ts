// The browser extension's status for a component: asks the extension on mount and follows its answers (a
// sign-in or sign-out in the extension shows at once) until the component unmounts.
import { useEffect } from 'react';
import { type ExtensionStatus, watchExtension } from './api/extension-bridge';
import { useExtensionStore } from './store';

export function useExtensionStatus(): ExtensionStatus {
  useEffect(() => watchExtension((status) => useExtensionStore.setState({ status })), []);
  return useExtensionStore((state) => state.status);
}
