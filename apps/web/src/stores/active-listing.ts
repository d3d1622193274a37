// The listing being viewed or edited, with a clean copy to tell whether it changed (SPEC sections 3 and 4).
// Listing fields are typed loosely until the listings contract lands (issue 3); the transitions are final.
import { create } from 'zustand';

export type ActiveListingData = Record<string, unknown>;

export interface ActiveListingState {
  data: ActiveListingData | null;
  listingLoading: boolean;
  error: string | null;
  isDirty: boolean;
  originalData: ActiveListingData | null;

  /** Stores a listing as both current and original, clean. */
  setListing: (listing: ActiveListingData) => void;
  /** Merges fields into the loaded listing and marks it dirty; does nothing without a listing. */
  updateListing: (fields: ActiveListingData) => void;
  setListingLoading: (listingLoading: boolean) => void;
  setListingError: (error: string | null) => void;
  clearListing: () => void;
}

export const initialActiveListingState = {
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
