// Every run starts from an empty database: the data directory is removed before the server starts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function globalSetup(): void {
  const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts', 'data');
  fs.rmSync(artifacts, { recursive: true, force: true });
}
