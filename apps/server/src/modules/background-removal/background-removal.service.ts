// Background removal runs in the seller's browser (decision 045); the server says how, and hands out
// the model and runtime files when it serves them itself.
import {
  type BackgroundRemovalModel,
  type BackgroundRemovalSettings,
  BackgroundRemovalSettingsSchema,
  DEFAULT_BACKGROUND_REMOVAL,
} from '@snaplist/contract';
import { type BackgroundRemovalConfig, isLocalPublicPath } from '../../config';
import { AppError } from '../../errors';
import {
  type AssetCatalogue,
  type CatalogueFile,
  resourcesDocument,
} from '../../platform/background-removal/asset-catalogue';

export class BackgroundRemovalService {
  /** Whether this server serves the files, or the operator does from an address of their own. */
  readonly servesFiles: boolean;
  private readonly currentSettings: BackgroundRemovalSettings;
  private readonly resourcesJsonDocument: { body: string; etag: string };

  constructor(
    config: BackgroundRemovalConfig,
    private readonly catalogue: AssetCatalogue,
  ) {
    this.servesFiles = isLocalPublicPath(config.publicPath);
    // Served from elsewhere, the configured model is there on the operator's word; ours may be mirrored too.
    const availableModels: BackgroundRemovalModel[] = this.servesFiles
      ? catalogue.models
      : [...new Set([config.model, ...catalogue.models])];
    // Checked once here, so a settings answer that breaks the contract stops the start, not every browser.
    this.currentSettings = BackgroundRemovalSettingsSchema.parse({
      model: config.model,
      device: config.device,
      outputFormat: config.outputFormat,
      quality: config.quality,
      rescale: DEFAULT_BACKGROUND_REMOVAL.rescale,
      publicPath: config.publicPath,
      availableModels,
    });
    this.resourcesJsonDocument = resourcesDocument(catalogue);
  }

  settings(): BackgroundRemovalSettings {
    return this.currentSettings;
  }

  /** resources.json in IMG.LY's format, and its ETag. */
  resourcesJson(): { body: string; etag: string } {
    return this.resourcesJsonDocument;
  }

  /** The file a name under the public path stands for; a name the catalogue does not hold is a 404. */
  file(name: string): CatalogueFile {
    const file = this.catalogue.files.get(name);
    if (!file) throw new AppError('not_found', 404, 'There is no such background-removal file.');
    return file;
  }
}
