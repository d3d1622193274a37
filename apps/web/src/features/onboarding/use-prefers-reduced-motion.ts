// Whether the seller asked the system for less motion, kept live with matchMedia.
import { useMediaQuery } from '@/hooks/use-media-query';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
