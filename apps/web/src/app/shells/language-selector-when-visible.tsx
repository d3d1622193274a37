// The simple shell's language selector sits in the footer, below the first screen on a phone. Its menu
// library (Radix dropdown and Floating UI, about 29 KB compressed) was the largest part of the landing page's
// own code, so it loads when the footer comes near the screen (decision 027).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const LanguageSelector = lazy(() =>
  import('@/components/language-selector').then((module) => ({ default: module.LanguageSelector })),
);

/** How far below the screen the footer may still be when the selector starts loading. */
const LOAD_AHEAD = '400px';

export function LanguageSelectorWhenVisible() {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={slot} className="simple-shell__language">
      {near && (
        <Suspense fallback={null}>
          <LanguageSelector />
        </Suspense>
      )}
    </div>
  );
}
