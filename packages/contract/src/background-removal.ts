// Background removal on the seller's device (decision 045). The browser runs the model;
// the server only says how (`backgroundRemovalSettings`) and serves the model and runtime files under the
// public path: `resources.json` (which files make each model, IMG.LY's format), `models/{model}/{chunk}` and
// `onnxruntime-web/{version}/{file}`. The settings are validated with this schema at the server's start and
// again by the browser before it loads anything.
import { z } from 'zod';

/** Large, medium and small. */
export const BACKGROUND_REMOVAL_MODELS = ['isnet', 'isnet_fp16', 'isnet_quint8'] as const;
export type BackgroundRemovalModel = (typeof BACKGROUND_REMOVAL_MODELS)[number];
export const BACKGROUND_REMOVAL_MODEL_SIZES: Record<BackgroundRemovalModel, 'large' | 'medium' | 'small'> = {
  isnet: 'large',
  isnet_fp16: 'medium',
  isnet_quint8: 'small',
};

/** gpu means WebGPU when the browser has it and WASM on the CPU otherwise; cpu always means WASM. */
export const BACKGROUND_REMOVAL_DEVICES = ['cpu', 'gpu'] as const;
export type BackgroundRemovalDevice = (typeof BACKGROUND_REMOVAL_DEVICES)[number];

/**
 * The photo written after the background is replaced. The spec's raw rgba8 and alpha8 are left out: they are
 * pixel buffers, not photos a marketplace or the upload accepts (decision 045).
 */
export const BACKGROUND_REMOVAL_OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type BackgroundRemovalOutputFormat = (typeof BACKGROUND_REMOVAL_OUTPUT_FORMATS)[number];

/** The spec's defaults. */
export const DEFAULT_BACKGROUND_REMOVAL = {
  model: 'isnet_fp16',
  device: 'gpu',
  outputFormat: 'png',
  quality: 0.8,
  rescale: true,
} as const;

/** `#rrggbb`, what a colour input gives. */
export const BACKGROUND_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const BackgroundRemovalSettingsSchema = z
  .object({
    model: z.enum(BACKGROUND_REMOVAL_MODELS).default(DEFAULT_BACKGROUND_REMOVAL.model),
    device: z.enum(BACKGROUND_REMOVAL_DEVICES).default(DEFAULT_BACKGROUND_REMOVAL.device),
    outputFormat: z.enum(BACKGROUND_REMOVAL_OUTPUT_FORMATS).default(DEFAULT_BACKGROUND_REMOVAL.outputFormat),
    /** For jpeg and webp, 0 to 1. */
    quality: z.number().min(0).max(1).default(DEFAULT_BACKGROUND_REMOVAL.quality),
    /** Whether the result has the photo's own size (true) or the model's 1024 × 1024. */
    rescale: z.boolean().default(DEFAULT_BACKGROUND_REMOVAL.rescale),
    /**
     * Where `resources.json` and the files it names are: a path on this server ending in '/'
     * ('/background-removal/') or an absolute http(s) address of static files (a bucket, a CDN).
     */
    publicPath: z
      .string()
      .min(1)
      .refine((value) => value.endsWith('/'), { message: 'The public path must end with "/".' })
      .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), {
        message: 'The public path must start with "/" or be an http(s) address.',
      }),
    /** The models the public path holds; the configured model is among them. */
    availableModels: z.array(z.enum(BACKGROUND_REMOVAL_MODELS)).min(1),
  })
  .refine((settings) => settings.availableModels.includes(settings.model), {
    message: 'The configured model is not among the available models.',
    path: ['model'],
  })
  .meta({ id: 'BackgroundRemovalSettings' });
export type BackgroundRemovalSettings = z.infer<typeof BackgroundRemovalSettingsSchema>;
