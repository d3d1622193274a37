// Starts the PaddleOCR worker thread under tsx, whatever started this process (tsx, vitest or plain Node): Node
// 20 does not load a .ts worker entry by itself, even when the parent runs under tsx.
import { register } from 'tsx/esm/api';

register();
await import('./pp-ocr-worker.ts');
