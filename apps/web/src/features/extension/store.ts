// The extension's last known status, kept while the dashboard is away so that coming back shows it at once
// instead of "looking for it" again; each visit still asks afresh (use-extension-status.ts).
import { create } from 'zustand';
import type { ExtensionStatus } from './api/extension-bridge';

export interface ExtensionState {
  status: ExtensionStatus;
}

export const initialExtensionState: ExtensionState = { status: { state: 'checking' } };

export const useExtensionStore = create<ExtensionState>()(() => initialExtensionState);
