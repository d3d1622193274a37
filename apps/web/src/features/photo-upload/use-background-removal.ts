// The page's background removal (decision 046): one queue per visit of /photo-upload, kept in step with the
// chosen photos, the switch and the colour. The remover's code loads on demand, with every page's strings (its
// failures are said in background_removal.*), when the switch is first on; the model, with the first photo.
import type { GenerationSettings } from '@snaplist/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { onDemand } from '@/lib/on-demand';
import { BackgroundRemovalQueue, type BackgroundRemovalState } from './background-removal-queue';
import type { PhotoItem } from './photo-selection';

const loadRemoverModule = onDemand(() => import('@/lib/background-removal/load-remover'));

export interface BackgroundRemoval {
  queue: BackgroundRemovalQueue;
  state: BackgroundRemovalState;
}

export function useBackgroundRemoval(
  photos: readonly PhotoItem[],
  {
    removeBackground,
    removeBackgroundColor,
  }: Pick<GenerationSettings, 'removeBackground' | 'removeBackgroundColor'>,
): BackgroundRemoval {
  const [queue] = useState(
    () =>
      new BackgroundRemovalQueue(loadRemoverModule, {
        enabled: removeBackground,
        colour: removeBackgroundColor,
      }),
  );
  const state = useSyncExternalStore(queue.subscribe, queue.getState);

  useEffect(() => {
    queue.resume();
    return () => queue.pause();
  }, [queue]);
  useEffect(() => queue.setPhotos(photos), [queue, photos]);
  useEffect(() => queue.setEnabled(removeBackground), [queue, removeBackground]);
  useEffect(() => queue.setColour(removeBackgroundColor), [queue, removeBackgroundColor]);

  return { queue, state };
}
