// How this server wants backgrounds removed (GET /api/background-removal): the model, the device, the output
// and where the model's files are. Checked again here before anything loads, as the contract says, and with the
// public path made absolute: the library builds every file's address with `new URL(name, publicPath)`.
import { type BackgroundRemovalSettings, BackgroundRemovalSettingsSchema, routes } from '@snaplist/contract';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';
import { removalErrorDetail } from '../removal-errors';
import { BackgroundRemovalError } from '../remover-types';

/**
 * The settings with an absolute public path. Rejects with a BackgroundRemovalError: settings_invalid for an
 * answer the schema refuses, failed when there is no answer.
 */
export async function fetchBackgroundRemovalSettings(): Promise<BackgroundRemovalSettings> {
  let answer: unknown;
  try {
    answer = await callApi(routes.backgroundRemovalSettings);
  } catch (error) {
    throw new BackgroundRemovalError('failed', removalErrorDetail(error));
  }
  const parsed = BackgroundRemovalSettingsSchema.safeParse(answer);
  if (!parsed.success) throw new BackgroundRemovalError('settings_invalid', z.prettifyError(parsed.error));
  return { ...parsed.data, publicPath: new URL(parsed.data.publicPath, location.origin).href };
}
