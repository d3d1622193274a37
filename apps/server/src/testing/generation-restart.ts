// A restart in the middle of a generation: the generation is left 'processing', as a process killed while
// writing it leaves it, and a second server starts on the same data, so its start-up finds it.
import { startTestServer, type TestServer } from './test-server';

/** Leaves the generation 'processing', starts a server on the same data, runs `check` on it and closes it. */
export async function restartDuringGeneration(
  server: TestServer,
  generationId: string,
  check: (restarted: TestServer) => Promise<void>,
): Promise<void> {
  await server.app.db
    .updateTable('generations')
    .set({ status: 'processing' })
    .where('id', '=', generationId)
    .execute();
  const restarted = await startTestServer({ DATA_DIR: server.dataDir });
  try {
    await check(restarted);
  } finally {
    await restarted.app.close();
  }
}
