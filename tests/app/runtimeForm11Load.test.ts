// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRuntime, type AppRuntime } from '../../src/app/runtime.ts';

/**
 * The Form 11 runtime is downloaded when needed; a failed download (offline, or a release that
 * removed the old chunk) must not stick: the next screen that needs it tries again.
 */

let runtime: AppRuntime | undefined;
afterEach(() => {
  runtime?.stop();
  runtime = undefined;
  vi.doUnmock('../../src/app/form11Runtime.ts');
  vi.unstubAllGlobals();
});

describe('loading the Form 11 runtime', () => {
  it('a failed download is not kept: the next load tries again and succeeds', async () => {
    // Signed out, no stored tokens: nothing loads the runtime on its own.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } })));
    let attempts = 0;
    vi.doMock('../../src/app/form11Runtime.ts', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    runtime = createAppRuntime({ startedAt: Date.now() });
    const first = runtime.form11.load();
    await expect(first).rejects.toThrow();
    expect(runtime.form11.loaded()).toBeNull();
    const second = runtime.form11.load();
    expect(second).not.toBe(first);
    const loaded = await second;
    expect(runtime.form11.loaded()).toBe(loaded);
    expect(loaded.host.current()).toBeNull();
    expect(attempts).toBe(2);
  });
});
