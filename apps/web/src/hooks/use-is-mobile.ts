// Whether the viewport is "mobile" (width 768 px or less), kept live with matchMedia.
import { MOBILE_MAX_WIDTH } from '@snaplist/contract';
import { useMediaQuery } from './use-media-query';

export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
