// The listing being viewed or edited, with a clean copy to tell whether it changed.
// A generation's answer lands here (photo upload), so the details page shows it without fetching it again.
import type { Listing } from '@snaplist/contract';
import { create } from 'zustand';

export type ActiveListingData = Listing;

export interface ActiveListingState {
  data: ActiveListingData | null;
  listingLoading: boolean;
  error: string | null;
  isDirty: boolean;
  originalData: ActiveListingData | null;

  /** Stores a listing as both current and original, clean. */
  setListing: (listing: ActiveListingData) => void;
  /** Merges fields into the loaded listing and marks it dirty; does nothing without a listing. */
  updateListing: (fields: Partial<ActiveListingData>) => void;
  setListingLoading: (listingLoading: boolean) => void;
  setListingError: (error: string | null) => void;
  clearListing: () => void;
}

export const initialActiveListingState: Pick<
  ActiveListingState,
  'data' | 'listingLoading' | 'error' | 'isDirty' | 'originalData'
> = {
  data: null,
  listingLoading: false,
  error: null,
  isDirty: false,
  originalData: null,
};

export const useActiveListingStore = create<ActiveListingState>()((set) => ({
  ...initialActiveListingState,
  setListing: (listing) => set({ data: listing, originalData: listing, isDirty: false, error: null }),
  updateListing: (fields) =>
    set((state) => (state.data ? { data: { ...state.data, ...fields }, isDirty: true } : state)),
  setListingLoading: (listingLoading) => set({ listingLoading }),
  setListingError: (error) => set({ error, listingLoading: false }),
  clearListing: () => set(initialActiveListingState),
}));
