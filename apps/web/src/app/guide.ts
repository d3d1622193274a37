// /dashboard/guide/crosslister and /dashboard/guide/grow are keys, not pages (SPEC section 2): they open the
// external guide in a new window and send the visitor back to the dashboard. A loader runs once per
// navigation, so the window opens once (an effect would open it twice under StrictMode).
import { redirect } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';

export function guideLoader(guide: 'crosslister' | 'grow') {
  return () => {
    const url = guide === 'crosslister' ? env.guideCrosslisterUrl : env.guideGrowUrl;
    window.open(url, '_blank', 'noopener,noreferrer');
    return redirect(paths.dashboard.home);
  };
}
