import { describe, expect, it } from 'vitest';
import { removalErrorCode, removalErrorDetail } from './removal-errors';
import type { RemovalErrorCode } from './remover-types';

// Messages as the library, onnxruntime-web and Chromium word them (several seen in the smoke run in Chromium).
const cases: [string, unknown, RemovalErrorCode][] = [
  [
    'no resources.json',
    new Error('Resource metadata not found. Ensure that the config.publicPath is configured correctly.'),
    'metadata_not_found',
  ],
  [
    'a page where resources.json should be',
    new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`),
    'metadata_not_found',
  ],
  [
    'resources.json without the model',
    new Error(
      'Resource /models/isnet_fp16 not found. Ensure that the config.publicPath is configured correctly.',
    ),
    'resource_not_found',
  ],
  [
    'a chunk of another size',
    new Error('Failed to fetch /models/isnet_fp16 with size 4194304 but got 4194000'),
    'size_mismatch',
  ],
  [
    'a chunk answered 404 (its error page read as the chunk)',
    new Error('Failed to fetch /models/isnet_fp16 with size 4194304 but got 42'),
    'size_mismatch',
  ],
  [
    'a runtime that could not start',
    new Error(
      'Failed to create session: "Error: no available backend found. ERR: [wasm] TypeError: Failed to fetch dynamically imported module: blob:http://127.0.0.1/f9217b78". Please check if the publicPath is set correctly.',
    ),
    'session_failed',
  ],
  [
    'a session the allocator refused',
    new Error(
      `Failed to create session: "Error: Can't create a session. ERROR_CODE: 6, ERROR_MESSAGE: std::bad_alloc". Please check if the publicPath is set correctly.`,
    ),
    'device_too_weak',
  ],
  ['an ArrayBuffer refused', new RangeError('Array buffer allocation failed'), 'device_too_weak'],
  [
    'WebAssembly memory refused',
    new RangeError('WebAssembly.Memory(): could not allocate memory'),
    'device_too_weak',
  ],
  [
    'WebAssembly memory that cannot grow',
    new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded'),
    'device_too_weak',
  ],
  [
    "Emscripten's abort",
    new Error('Aborted(OOM). Build with -sASSERTIONS for more info.'),
    'device_too_weak',
  ],
  ["Firefox's words", 'out of memory', 'device_too_weak'],
  [
    'a photo createImageBitmap cannot read',
    new DOMException('The source image could not be decoded.', 'InvalidStateError'),
    'image_unreadable',
  ],
  ["Safari's decoding error", new DOMException('Decoding failed.', 'EncodingError'), 'image_unreadable'],
  [
    'a type the library does not decode',
    new Error('Invalid format: image/gif with params: [object Object]'),
    'image_unreadable',
  ],
  ['no network (Chromium)', new TypeError('Failed to fetch'), 'failed'],
  ['no network (Firefox)', new TypeError('NetworkError when attempting to fetch resource.'), 'failed'],
  ['no network (Safari)', new TypeError('Load failed'), 'failed'],
  [
    'eval refused by the worker script’s CSP',
    new EvalError(
      'Evaluating a string as JavaScript violates the following Content Security Policy directive',
    ),
    'failed',
  ],
  ['something that is not an error', { reason: 42 }, 'failed'],
];

describe('removalErrorCode', () => {
  it.each(cases)('%s', (_, error, code) => {
    expect(removalErrorCode(error)).toBe(code);
  });
});

describe('removalErrorDetail', () => {
  it('keeps the error kind with its message', () => {
    expect(removalErrorDetail(new RangeError('Array buffer allocation failed'))).toBe(
      'RangeError: Array buffer allocation failed',
    );
    expect(removalErrorDetail('out of memory')).toBe('out of memory');
  });
});
